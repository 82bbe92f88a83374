import { Alert, AutoComplete, Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { isAuthorizationKey } from '../../charger-password';
import { showFieldErrors } from '../../server-errors';

interface ConfigValues {
  key: string;
  value?: string;
}

/** The key that sets the charger's Basic-auth password (OCPP 1.6 security edition). */
const AUTHORIZATION_KEY = 'AuthorizationKey';

/**
 * Sets one configuration key, including keys the charger does not list, such as the write-only
 * AuthorizationKey: the charger's new password, which the server sends hex-encoded and keeps as
 * the charger's password only when the charger accepts it.
 */
export function ChangeConfigurationModal({
  open,
  knownKeys,
  onClose,
  onSend,
}: {
  open: boolean;
  /** Writable keys the charger reported, offered as the key is typed. */
  knownKeys: string[];
  onClose: () => void;
  onSend: (values: { key: string; value: string }) => Promise<unknown>;
}) {
  const { t } = useTranslation('chargePoints');
  const [form] = Form.useForm<ConfigValues>();
  const key = Form.useWatch('key', form)?.trim();
  const password = key === AUTHORIZATION_KEY;
  const suggestions = [...new Set([AUTHORIZATION_KEY, ...knownKeys])].sort().map((k) => ({ value: k }));

  const submit = (v: ConfigValues) =>
    void onSend({ key: v.key.trim(), value: v.value ?? '' }).then(onClose, (error: unknown) => {
      if (!showFieldErrors(form, error, ['key', 'value'])) onClose();
    });

  return (
    <Modal
      open={open}
      title={t('commands.changeConfiguration')}
      okText={t('commands.send')}
      onCancel={onClose}
      onOk={() => form.submit()}
      destroyOnHidden
    >
      <Form<ConfigValues> form={form} layout="vertical" name="changeConfiguration" onFinish={submit}>
        <Form.Item
          label={t('commands.configKey')}
          name="key"
          extra={t('commands.configKeyHint')}
          rules={[{ required: true, whitespace: true }, { max: 50 }]}
        >
          <AutoComplete
            options={suggestions}
            showSearch={{
              filterOption: (input, option) =>
                String(option?.value ?? '')
                  .toLowerCase()
                  .includes(input.toLowerCase()),
            }}
            data-testid="config-key"
          />
        </Form.Item>
        {password && (
          <Alert
            type="info"
            showIcon
            title={t('configuration.authorizationKeyHint')}
            style={{ marginBottom: 16 }}
            data-testid="authorization-key-hint"
          />
        )}
        {password ? (
          <Form.Item
            key="password"
            label={t('commands.newPassword')}
            name="value"
            rules={[
              { required: true },
              {
                validator: (_, value: string | undefined) =>
                  !value || isAuthorizationKey(value)
                    ? Promise.resolve()
                    : Promise.reject(new Error(t('validation.authorizationKey'))),
              },
            ]}
          >
            <Input.Password autoComplete="new-password" spellCheck={false} data-testid="config-value" />
          </Form.Item>
        ) : (
          <Form.Item key="value" label={t('commands.configValue')} name="value" rules={[{ max: 500 }]}>
            <Input autoComplete="off" data-testid="config-value" />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}
