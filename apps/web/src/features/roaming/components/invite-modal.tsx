import { Form, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { RoamingInvitation } from '@voltline/contract';
import { useMe } from '../../../api/get-me';
import { useInvitePartner } from '../api/invite-partner';
import { partnerBody, PartnerFields, type PartnerValues } from './partner-fields';
import { FormRefusal } from './form-refusal';

/** A partner that will register with Voltline: the answer is token A, shown once. */
export function InviteModal({
  open,
  onClose,
  onInvited,
}: {
  open: boolean;
  onClose: () => void;
  onInvited: (invitation: RoamingInvitation) => void;
}) {
  const { t } = useTranslation('roaming');
  const { t: tc } = useTranslation('common');
  const [form] = Form.useForm<PartnerValues>();
  const { data: me } = useMe();
  const invite = useInvitePartner();
  return (
    <Modal
      open={open}
      title={t('invite.title')}
      okText={t('invite.submit')}
      cancelText={tc('actions.cancel')}
      confirmLoading={invite.isPending}
      onOk={() => form.submit()}
      onCancel={() => {
        invite.reset();
        onClose();
      }}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{t('invite.explain')}</Typography.Paragraph>
      <FormRefusal error={invite.error} />
      <Form<PartnerValues>
        form={form}
        layout="vertical"
        name="roamingInvite"
        preserve={false}
        initialValues={{ operatorId: me?.operatorId, publishedOperatorIds: [] }}
        onFinish={(v) =>
          invite.mutate(partnerBody(v), {
            onSuccess: (invitation) => {
              invite.reset();
              onInvited(invitation);
            },
          })
        }
      >
        <PartnerFields withOperator />
      </Form>
    </Modal>
  );
}
