import { Col, Form, Input, InputNumber, Modal, Row, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { CONNECTOR_TYPES, EVSE_UID_MAX, EVSE_UID_PATTERN, type Connector } from '@voltline/contract';
import { formatPricePerKwh } from '../../../lib/billing-format';
import { useAvailableTariffs } from '../api/get-tariffs';
import { useSaveConnector } from '../api/save-connector';

interface ConnectorValues {
  connectorId: number;
  connectorType?: (typeof CONNECTOR_TYPES)[number] | null;
  evseUid?: string | null;
  maximumPower?: number | null;
  minimumChargeDuration?: number | null;
  maximumChargeDuration?: number | null;
  tariffId?: number | null;
}

/** Adds a connector (connector is null) or changes one, with the tariffs the charge point may use. */
export function ConnectorFormModal({
  open,
  chargePointId,
  connector,
  nextConnectorId,
  onClose,
}: {
  open: boolean;
  chargePointId: string;
  connector: Connector | null;
  nextConnectorId: number;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation('chargePoints');
  const [form] = Form.useForm<ConnectorValues>();
  const tariffs = useAvailableTariffs(chargePointId, open);
  const save = useSaveConnector();
  const minutes = { type: 'number' as const, min: 0, max: 7 * 24 * 60 };

  const submit = (v: ConnectorValues) => {
    const fields = {
      connectorType: v.connectorType ?? null,
      // Empty clears it, as the server reads it.
      evseUid: v.evseUid?.trim() ?? '',
      maximumPower: v.maximumPower ?? null,
      minimumChargeDuration: v.minimumChargeDuration ?? null,
      maximumChargeDuration: v.maximumChargeDuration ?? null,
      tariffId: v.tariffId ?? null,
    };
    save.mutate(
      connector ? { id: connector.id, ...fields } : { chargePointId, connectorId: v.connectorId, ...fields },
      {
        onSuccess: onClose,
      },
    );
  };

  return (
    <Modal
      open={open}
      title={
        connector ? t('connectors.editTitle', { connector: connector.connectorId }) : t('connectors.addTitle')
      }
      okText={connector ? t('connectors.save') : t('connectors.add')}
      confirmLoading={save.isPending}
      onCancel={onClose}
      onOk={() => form.submit()}
      destroyOnHidden
      width={640}
    >
      <Form<ConnectorValues>
        form={form}
        layout="vertical"
        name="connector"
        initialValues={
          connector
            ? { ...connector, connectorType: connector.connectorType as ConnectorValues['connectorType'] }
            : { connectorId: nextConnectorId, connectorType: 'Type2' }
        }
        onFinish={submit}
      >
        <Row gutter={16}>
          <Col xs={24} md={8}>
            <Form.Item
              label={t('fields.connector')}
              name="connectorId"
              rules={[{ required: true }, { type: 'number', min: 1, max: 99 }]}
            >
              <InputNumber style={{ width: '100%' }} precision={0} disabled={Boolean(connector)} />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item label={t('fields.connectorType')} name="connectorType">
              <Select allowClear options={CONNECTOR_TYPES.map((c) => ({ value: c, label: c }))} />
            </Form.Item>
          </Col>
          <Col xs={24} md={8}>
            <Form.Item
              label={t('fields.maximumPowerW')}
              name="maximumPower"
              rules={[{ type: 'number', min: 0, max: 2_000_000 }]}
            >
              <InputNumber style={{ width: '100%' }} precision={0} />
            </Form.Item>
          </Col>
          <Col xs={24}>
            <Form.Item
              label={t('fields.evseUid')}
              name="evseUid"
              extra={t('connectors.evseUidHint')}
              rules={[
                {
                  max: EVSE_UID_MAX,
                  message: t('validation.evseUidLength', { max: EVSE_UID_MAX }),
                },
                {
                  pattern: EVSE_UID_PATTERN,
                  message: t('validation.evseUidFormat'),
                  transform: (v?: string) => v?.trim() || undefined,
                },
              ]}
            >
              <Input allowClear maxLength={EVSE_UID_MAX + 8} data-testid="connector-evse-uid-input" />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              label={t('fields.minimumChargeDuration')}
              name="minimumChargeDuration"
              rules={[minutes]}
            >
              <InputNumber style={{ width: '100%' }} precision={0} />
            </Form.Item>
          </Col>
          <Col xs={24} md={12}>
            <Form.Item
              label={t('fields.maximumChargeDuration')}
              name="maximumChargeDuration"
              rules={[minutes]}
            >
              <InputNumber style={{ width: '100%' }} precision={0} />
            </Form.Item>
          </Col>
          <Col xs={24}>
            <Form.Item label={t('fields.tariff')} name="tariffId" extra={t('connectors.tariffHint')}>
              <Select
                allowClear
                loading={tariffs.isPending}
                options={tariffs.data?.map((tf) => ({
                  value: tf.id,
                  label: `${tf.name} · ${formatPricePerKwh(tf.pricePerKwh, tf.currency, i18n.language)}`,
                }))}
                data-testid="connector-tariff"
              />
            </Form.Item>
          </Col>
        </Row>
      </Form>
    </Modal>
  );
}
