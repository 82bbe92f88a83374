import { Form, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import type { DisplayMessage } from '@voltline/contract';
import { DisplayMessageFields, toMessage, type DisplayMessageValues } from './display-message-fields';

/** Asks for one display message; `onSend` resolves once the charger answered (or failed). */
export function DisplayMessageModal({
  open,
  nextId,
  onClose,
  onSend,
}: {
  open: boolean;
  nextId: number;
  onClose: () => void;
  onSend: (message: DisplayMessage) => Promise<void>;
}) {
  const { t, i18n } = useTranslation('chargePoints');
  const [form] = Form.useForm<DisplayMessageValues>();
  return (
    <Modal
      open={open}
      title={t('displayMessages.add')}
      okText={t('displayMessages.send')}
      onCancel={onClose}
      onOk={() => form.submit()}
      okButtonProps={{ id: 'dm-send' }}
      destroyOnHidden
    >
      <Form<DisplayMessageValues>
        form={form}
        layout="vertical"
        preserve={false}
        initialValues={{ id: nextId, priority: 'NormalCycle', format: 'UTF8', language: i18n.language }}
        onFinish={(v) => void onSend(toMessage(v))}
      >
        <DisplayMessageFields withTransaction />
      </Form>
    </Modal>
  );
}
