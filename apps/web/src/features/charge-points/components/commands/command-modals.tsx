import { Alert, Form, Modal, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { AVAILABILITY_TYPES, EXTENDED_TRIGGER_MESSAGES, TRIGGER_MESSAGES } from '@voltline/contract';

type TriggerMessage = (typeof TRIGGER_MESSAGES)[number] | (typeof EXTENDED_TRIGGER_MESSAGES)[number];
interface TriggerValues<M extends TriggerMessage = TriggerMessage> {
  requestedMessage: M;
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

/**
 * Asks the charger to send one of its messages now (a status, a heartbeat, meter values...):
 * TriggerMessage, or with `extended` the security edition's ExtendedTriggerMessage (log upload
 * status, a new charger certificate).
 */
export function TriggerMessageModal<M extends TriggerMessage>({
  open,
  connectorIds,
  extended = false,
  onClose,
  onSend,
}: {
  open: boolean;
  connectorIds: number[];
  extended?: boolean;
  onClose: () => void;
  onSend: (values: TriggerValues<M>) => Promise<unknown>;
}) {
  const { t } = useTranslation('chargePoints');
  const [form] = Form.useForm<TriggerValues<M>>();
  const messages: readonly TriggerMessage[] = extended ? EXTENDED_TRIGGER_MESSAGES : TRIGGER_MESSAGES;
  return (
    <Modal
      open={open}
      title={t(extended ? 'commands.extendedTriggerMessage' : 'commands.triggerMessage')}
      okText={t('commands.send')}
      onCancel={onClose}
      onOk={() => form.submit()}
      destroyOnHidden
    >
      <Form<TriggerValues<M>>
        form={form}
        layout="vertical"
        initialValues={{ requestedMessage: 'StatusNotification', connectorId: 0 }}
        onFinish={(v) =>
          void onSend({ ...v, connectorId: v.connectorId ? v.connectorId : undefined }).then(onClose)
        }
      >
        <Form.Item label={t('commands.message')} name="requestedMessage" rules={[{ required: true }]}>
          <Select
            data-testid="trigger-message"
            options={messages.map((m) => ({ value: m, label: t(`triggers.${m}`) }))}
          />
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
