import { Form, Input, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { RoamingPartner } from '@voltline/contract';
import { useMe } from '../../../api/get-me';
import { useRegisterPartner } from '../api/register-partner';
import { isHttpUrl } from '../partner-words';
import { FormRefusal } from './form-refusal';
import { partnerBody, PartnerFields, type PartnerValues } from './partner-fields';

interface RegisterValues extends PartnerValues {
  versionsUrl: string;
  tokenA: string;
}

/**
 * Voltline registers with a partner given its versions URL and token A. The server calls the
 * partner while the modal waits; a refusal stays in the modal, in the server's words.
 */
export function RegisterModal({
  open,
  onClose,
  onRegistered,
}: {
  open: boolean;
  onClose: () => void;
  onRegistered: (partner: RoamingPartner) => void;
}) {
  const { t } = useTranslation('roaming');
  const { t: tc } = useTranslation('common');
  const [form] = Form.useForm<RegisterValues>();
  const { data: me } = useMe();
  const register = useRegisterPartner();
  return (
    <Modal
      open={open}
      title={t('register.title')}
      okText={t('register.submit')}
      cancelText={tc('actions.cancel')}
      confirmLoading={register.isPending}
      onOk={() => form.submit()}
      onCancel={() => {
        register.reset();
        onClose();
      }}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{t('register.explain')}</Typography.Paragraph>
      <FormRefusal error={register.error} />
      <Form<RegisterValues>
        form={form}
        layout="vertical"
        name="roamingRegister"
        preserve={false}
        initialValues={{ operatorId: me?.operatorId, publishedOperatorIds: [] }}
        onFinish={(v) =>
          register.mutate(
            { ...partnerBody(v), versionsUrl: v.versionsUrl.trim(), tokenA: v.tokenA.trim() },
            {
              onSuccess: (partner) => {
                register.reset();
                onRegistered(partner);
              },
            },
          )
        }
      >
        <Form.Item
          label={t('fields.versionsUrl')}
          name="versionsUrl"
          extra={t('register.versionsUrlHint')}
          rules={[
            {
              required: true,
              validator: (_, value: string | undefined) =>
                value && isHttpUrl(value)
                  ? Promise.resolve()
                  : Promise.reject(new Error(t('form.urlRequired'))),
            },
          ]}
        >
          <Input
            placeholder="https://partner.example/ocpi/versions"
            maxLength={2000}
            data-testid="roaming-versions-url"
          />
        </Form.Item>
        <Form.Item
          label={t('fields.tokenA')}
          name="tokenA"
          rules={[{ required: true, whitespace: true, message: t('form.tokenRequired') }, { max: 255 }]}
        >
          <Input autoComplete="off" maxLength={255} data-testid="roaming-token-a" />
        </Form.Item>
        <PartnerFields withOperator />
      </Form>
    </Modal>
  );
}
