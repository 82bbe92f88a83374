import { useState } from 'react';
import { Alert, Button, Card, Col, Form, Input, InputNumber, Row, Select } from 'antd';
import { RocketOutlined } from '@ant-design/icons';
import { useTranslation } from 'react-i18next';
import type { Campaign } from '@voltline/contract';
import { useFirmwares } from '../../../api/firmware/get-firmwares';
import { useStartCampaign } from '../../../api/firmware/start-campaign';
import {
  DELIVERY_DEFAULTS,
  DeliveryFields,
  deliveryBody,
  type DeliveryValues,
} from '../../../components/firmware/delivery-fields';
import { DevicePicker } from './device-picker';

interface Values extends DeliveryValues {
  firmwareId: number;
  batchSize?: number | null;
  failureThresholdPercent: number;
  name?: string;
}

/** Start a campaign: an image, the chargers, how they fetch it and how the rollout is staged. */
export function CampaignForm({ onStarted }: { onStarted: (campaign: Campaign) => void }) {
  const { t } = useTranslation('firmware');
  const [form] = Form.useForm<Values>();
  const images = useFirmwares();
  const start = useStartCampaign();
  const [chargers, setChargers] = useState<string[]>([]);
  const [missingChargers, setMissingChargers] = useState(false);

  const submit = (v: Values) => {
    if (chargers.length === 0) {
      setMissingChargers(true);
      return;
    }
    start
      .mutateAsync({
        firmwareId: v.firmwareId,
        chargePointIds: chargers,
        ...deliveryBody(v),
        batchSize: v.batchSize ?? undefined,
        failureThresholdPercent: v.failureThresholdPercent,
        name: v.name?.trim() || undefined,
      })
      .then((campaign) => {
        setChargers([]);
        form.resetFields();
        onStarted(campaign);
      })
      .catch(() => undefined);
  };

  return (
    <Card title={t('update.newCampaign')} style={{ marginBottom: 16 }}>
      <Form<Values>
        form={form}
        layout="vertical"
        initialValues={{ ...DELIVERY_DEFAULTS, failureThresholdPercent: 20 }}
        onFinish={submit}
      >
        <Row gutter={12}>
          <Col xs={24} md={12}>
            <Form.Item
              label={t('fields.firmware')}
              name="firmwareId"
              rules={[{ required: true, message: t('validation.firmware') }]}
            >
              <Select
                showSearch={{ optionFilterProp: 'label' }}
                loading={images.isPending}
                placeholder={t('command.pick')}
                options={images.data?.map((fw) => ({
                  value: fw.id,
                  label: `${fw.version} · ${fw.fileName}`,
                }))}
                data-testid="fw-campaign-image"
              />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item label={t('fields.name')} name="name" rules={[{ max: 100 }]}>
              <Input
                maxLength={100}
                placeholder={t('update.namePlaceholder')}
                data-testid="fw-campaign-name"
              />
            </Form.Item>
          </Col>
        </Row>
        <Form.Item label={t('update.chargers')} required>
          <DevicePicker
            selected={chargers}
            onChange={(ids) => {
              setChargers(ids);
              if (ids.length) setMissingChargers(false);
            }}
          />
        </Form.Item>
        {missingChargers && (
          <Alert type="error" showIcon title={t('validation.chargers')} style={{ marginBottom: 16 }} />
        )}
        <DeliveryFields />
        <Row gutter={12}>
          <Col xs={12} md={12}>
            <Form.Item label={t('fields.batchSize')} name="batchSize" extra={t('update.batchHint')}>
              <InputNumber
                min={1}
                max={10_000}
                precision={0}
                style={{ width: '100%' }}
                placeholder={t('update.allAtOnce')}
              />
            </Form.Item>
          </Col>
          <Col xs={12} md={12}>
            <Form.Item
              label={t('fields.failureThreshold')}
              name="failureThresholdPercent"
              extra={t('update.thresholdHint')}
              rules={[{ required: true }]}
            >
              <InputNumber min={0} max={100} precision={0} style={{ width: '100%' }} suffix="%" />
            </Form.Item>
          </Col>
        </Row>
        <Button
          type="primary"
          htmlType="submit"
          icon={<RocketOutlined />}
          loading={start.isPending}
          data-testid="fw-start"
        >
          {t('update.start', { count: chargers.length })}
        </Button>
      </Form>
    </Card>
  );
}
