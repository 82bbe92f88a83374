import { Form, Input, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { showFieldErrors } from '../../server-errors';

interface DataTransferValues {
  vendorId: string;
  messageId?: string;
  data?: string;
}

/** A vendor-specific DataTransfer; the charger's status and data show in the answer banner. */
export function DataTransferModal({
  open,
  onClose,
  onSend,
}: {
  open: boolean;
  onClose: () => void;
  onSend: (values: DataTransferValues) => Promise<unknown>;
}) {
  const { t } = useTranslation('chargePoints');
  const [form] = Form.useForm<DataTransferValues>();

  const submit = (v: DataTransferValues) =>
    void onSend({
      vendorId: v.vendorId.trim(),
      messageId: v.messageId?.trim() || undefined,
      data: v.data || undefined,
    }).then(onClose, (error: unknown) => {
      if (!showFieldErrors(form, error, ['vendorId', 'messageId', 'data'])) onClose();
    });

  return (
    <Modal
      open={open}
      title={t('commands.dataTransfer')}
      okText={t('commands.send')}
      onCancel={onClose}
      onOk={() => form.submit()}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{t('commands.dataTransferHint')}</Typography.Paragraph>
      <Form<DataTransferValues> form={form} layout="vertical" name="dataTransfer" onFinish={submit}>
        <Form.Item
          label={t('commands.vendorId')}
          name="vendorId"
          rules={[{ required: true, whitespace: true }, { max: 255 }]}
        >
          <Input autoComplete="off" data-testid="data-transfer-vendor" />
        </Form.Item>
        <Form.Item label={t('commands.messageId')} name="messageId" rules={[{ max: 50 }]}>
          <Input autoComplete="off" data-testid="data-transfer-message" />
        </Form.Item>
        <Form.Item label={t('commands.data')} name="data" rules={[{ max: 10_000 }]}>
          <Input.TextArea rows={4} spellCheck={false} data-testid="data-transfer-data" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
