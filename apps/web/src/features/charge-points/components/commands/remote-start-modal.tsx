import { Checkbox, Col, Form, Input, InputNumber, Modal, Radio, Row, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { CsChargingProfile } from '@voltline/contract';
import { DriverSelect } from '../../../../components/driver-select';
import { useCan } from '../../../../hooks/use-permission';
import { useDriverCards } from '../../api/get-drivers';
import { startFieldOf, startProfile, type StartLimit } from '../../charging-profile';
import { showFieldErrors } from '../../server-errors';

interface StartValues {
  source: 'driver' | 'card';
  driverId?: number;
  idTag?: string;
  /** The optional "Limit charging" section. */
  limited?: boolean;
  limit?: number | null;
  limitUnit: StartLimit['unit'];
  limitDuration?: number | null;
}

export interface StartRequest {
  idTag: string;
  chargingProfile?: CsChargingProfile;
}

const FIELDS = ['idTag', 'limit', 'limitUnit', 'limitDuration'];

/**
 * Remote start needs an id tag: a driver's RFID card, or a card number typed in. It may carry a
 * limit for this session only, sent to the charger as a TxProfile.
 */
export function RemoteStartModal({
  open,
  connectorId,
  onClose,
  onStart,
}: {
  open: boolean;
  connectorId: number;
  onClose: () => void;
  /** Rejects when the command did not go through; field errors keep the dialog open. */
  onStart: (request: StartRequest) => Promise<unknown>;
}) {
  const { t } = useTranslation('chargePoints');
  const [form] = Form.useForm<StartValues>();
  const source = Form.useWatch('source', form) ?? 'driver';
  const driverId = Form.useWatch('driverId', form);
  const limited = Form.useWatch('limited', form) ?? false;
  // A charging profile is smart charging: offered to the roles that may set one.
  const canLimit = useCan('smartCharging:write');
  const cards = useDriverCards(source === 'driver' ? driverId : undefined);
  const usable = cards.data?.filter((c) => !c.archived && !c.expired && c.status === 'active') ?? [];

  const submit = (v: StartValues) => {
    const request: StartRequest = { idTag: (v.idTag ?? '').trim() };
    if (v.limited && v.limit)
      request.chargingProfile = startProfile({
        limit: v.limit,
        unit: v.limitUnit,
        durationMinutes: v.limitDuration,
      });
    void onStart(request).then(onClose, (error: unknown) => {
      if (!showFieldErrors(form, error, FIELDS, startFieldOf)) onClose();
    });
  };

  return (
    <Modal
      open={open}
      title={t('commands.startTitle', { connector: connectorId })}
      okText={t('commands.start')}
      onCancel={onClose}
      onOk={() => form.submit()}
      destroyOnHidden
    >
      <Form<StartValues>
        form={form}
        layout="vertical"
        initialValues={{ source: 'driver', limited: false, limitUnit: 'A' }}
        onFinish={submit}
      >
        <Form.Item name="source">
          <Radio.Group
            optionType="button"
            onChange={() => form.setFieldsValue({ driverId: undefined, idTag: undefined })}
            options={[
              { value: 'driver', label: t('commands.byDriver') },
              { value: 'card', label: t('commands.byCard') },
            ]}
          />
        </Form.Item>
        {source === 'driver' ? (
          <>
            <Form.Item label={t('commands.driver')} name="driverId" rules={[{ required: true }]}>
              <DriverSelect
                label={t('commands.driver')}
                onChange={() => form.setFieldValue('idTag', undefined)}
                testId="start-driver"
              />
            </Form.Item>
            <Form.Item label={t('commands.card')} name="idTag" rules={[{ required: true }]}>
              <Select
                disabled={!driverId}
                loading={Boolean(driverId) && cards.isPending}
                notFoundContent={t('commands.noCards')}
                options={usable.map((c) => ({
                  value: c.number,
                  label: c.name ? `${c.name} (${c.number})` : c.number,
                }))}
                data-testid="start-card"
              />
            </Form.Item>
          </>
        ) : (
          <Form.Item
            label={t('commands.cardNumber')}
            name="idTag"
            rules={[{ required: true, whitespace: true }, { max: 20 }]}
          >
            <Input autoComplete="off" data-testid="start-id-tag" />
          </Form.Item>
        )}
        {canLimit && (
          <Form.Item name="limited" valuePropName="checked" style={{ marginBottom: limited ? 8 : 0 }}>
            <Checkbox data-testid="start-limit">{t('commands.limit')}</Checkbox>
          </Form.Item>
        )}
        {canLimit && limited && (
          <>
            <Typography.Paragraph type="secondary">{t('commands.limitHint')}</Typography.Paragraph>
            <Row gutter={12}>
              <Col xs={24} sm={8}>
                <Form.Item
                  label={t('commands.limitValue')}
                  name="limit"
                  rules={[
                    { required: true },
                    {
                      validator: (_, value: number | null | undefined) =>
                        value == null || value > 0
                          ? Promise.resolve()
                          : Promise.reject(new Error(t('validation.limitPositive'))),
                    },
                  ]}
                >
                  <InputNumber
                    style={{ width: '100%' }}
                    min={0}
                    precision={1}
                    data-testid="start-limit-value"
                  />
                </Form.Item>
              </Col>
              <Col xs={24} sm={8}>
                <Form.Item label={t('commands.limitUnit')} name="limitUnit" rules={[{ required: true }]}>
                  <Select
                    options={(['A', 'W'] as const).map((u) => ({ value: u, label: t(`powerUnits.${u}`) }))}
                    data-testid="start-limit-unit"
                  />
                </Form.Item>
              </Col>
              <Col xs={24} sm={8}>
                <Form.Item
                  label={t('commands.limitDuration')}
                  name="limitDuration"
                  extra={t('commands.limitDurationHint')}
                  rules={[{ type: 'number', min: 1, max: 7 * 24 * 60 }]}
                >
                  <InputNumber style={{ width: '100%' }} precision={0} data-testid="start-limit-duration" />
                </Form.Item>
              </Col>
            </Row>
          </>
        )}
      </Form>
    </Modal>
  );
}
