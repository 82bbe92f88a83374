import { Alert, Form, Modal, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { AVAILABILITY_TYPES, TRIGGER_MESSAGES } from '@voltline/contract';

interface TriggerValues {
  requestedMessage: (typeof TRIGGER_MESSAGES)[number];
  connectorId?: number;
}
interface AvailabilityValues {
  connectorId: number;
  type: (typeof AVAILABILITY_TYPES)[number];
}

const connectorOptions = (ids: number[], wholeLabel: string) => [
  { value: 0, label: wholeLabel },
  ...ids.map((id) => ({ value: id, label: String(id) })),
];

/** Asks the charger to send one of its messages now (a status, a heartbeat, meter values...). */
export function TriggerMessageModal({
  open,
  connectorIds,
  onClose,
  onSend,
}: {
  open: boolean;
  connectorIds: number[];
  onClose: () => void;
  onSend: (values: TriggerValues) => Promise<unknown>;
}) {
  const { t } = useTranslation('chargePoints');
  const [form] = Form.useForm<TriggerValues>();
  return (
    <Modal
      open={open}
      title={t('commands.triggerMessage')}
      okText={t('commands.send')}
      onCancel={onClose}
      onOk={() => form.submit()}
      destroyOnHidden
    >
      <Form<TriggerValues>
        form={form}
        layout="vertical"
        initialValues={{ requestedMessage: 'StatusNotification', connectorId: 0 }}
        onFinish={(v) =>
          void onSend({ ...v, connectorId: v.connectorId ? v.connectorId : undefined }).then(onClose)
        }
      >
        <Form.Item label={t('commands.message')} name="requestedMessage" rules={[{ required: true }]}>
          <Select options={TRIGGER_MESSAGES.map((m) => ({ value: m, label: t(`triggers.${m}`) }))} />
        </Form.Item>
        <Form.Item label={t('fields.connector')} name="connectorId">
          <Select options={connectorOptions(connectorIds, t('commands.wholeChargePoint'))} />
        </Form.Item>
      </Form>
    </Modal>
  );
}

/** Takes the whole charge point (connector 0) or one connector in or out of service. */
export function AvailabilityModal({
  open,
  connectorIds,
  initialConnector = 0,
  onClose,
  onSend,
}: {
  open: boolean;
  connectorIds: number[];
  initialConnector?: number;
  onClose: () => void;
  onSend: (values: AvailabilityValues) => Promise<unknown>;
}) {
  const { t } = useTranslation('chargePoints');
  const [form] = Form.useForm<AvailabilityValues>();
  const type = Form.useWatch('type', form);
  return (
    <Modal
      open={open}
      title={t('commands.changeAvailability')}
      okText={t('commands.send')}
      okButtonProps={{ danger: type === 'Inoperative' }}
      onCancel={onClose}
      onOk={() => form.submit()}
      destroyOnHidden
    >
      <Form<AvailabilityValues>
        form={form}
        layout="vertical"
        initialValues={{ connectorId: initialConnector, type: 'Inoperative' }}
        onFinish={(v) => void onSend(v).then(onClose)}
      >
        <Form.Item label={t('fields.connector')} name="connectorId" rules={[{ required: true }]}>
          <Select options={connectorOptions(connectorIds, t('commands.wholeChargePoint'))} />
        </Form.Item>
        <Form.Item label={t('commands.availability')} name="type" rules={[{ required: true }]}>
          <Select options={AVAILABILITY_TYPES.map((a) => ({ value: a, label: t(`availability.${a}`) }))} />
        </Form.Item>
        {type === 'Inoperative' && <Alert type="warning" showIcon title={t('commands.inoperativeWarning')} />}
      </Form>
    </Modal>
  );
}
