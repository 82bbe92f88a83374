import { Form, Modal, Radio, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { LOCAL_LIST_UPDATE_TYPES } from '@voltline/contract';

type UpdateType = (typeof LOCAL_LIST_UPDATE_TYPES)[number];

/**
 * Sends the network's cards to the charger's local authorization list, so it can authorize
 * drivers while offline: the whole list, or the changes since the version Voltline last sent.
 */
export function SendLocalListModal({
  open,
  onClose,
  onSend,
}: {
  open: boolean;
  onClose: () => void;
  onSend: (values: { updateType: UpdateType }) => Promise<unknown>;
}) {
  const { t } = useTranslation('chargePoints');
  const [form] = Form.useForm<{ updateType: UpdateType }>();
  const updateType = Form.useWatch('updateType', form) ?? 'Full';
  return (
    <Modal
      open={open}
      title={t('commands.sendLocalList')}
      okText={t('commands.send')}
      onCancel={onClose}
      onOk={() => form.submit()}
      destroyOnHidden
    >
      <Form<{ updateType: UpdateType }>
        form={form}
        layout="vertical"
        name="sendLocalList"
        initialValues={{ updateType: 'Full' }}
        onFinish={(v) => void onSend(v).then(onClose)}
      >
        <Form.Item label={t('commands.updateType')} name="updateType" rules={[{ required: true }]}>
          <Radio.Group
            optionType="button"
            options={LOCAL_LIST_UPDATE_TYPES.map((u) => ({ value: u, label: t(`localList.${u}`) }))}
            data-testid="local-list-type"
          />
        </Form.Item>
        <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
          {t(`localList.${updateType}Hint`)}
        </Typography.Paragraph>
      </Form>
    </Modal>
  );
}
