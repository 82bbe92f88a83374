import { Form, Input, Radio, Typography, type FormRule } from 'antd';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { CHARGER_PASSWORD_MAX, CHARGER_PASSWORD_MIN } from '@voltline/contract';
import { chargerPasswordProblem } from '../charger-password';

export type PasswordMode = 'generate' | 'enter';

/** The contract's ChargerPassword rules as form rules, with the rule broken in words. */
export function chargerPasswordRules(t: TFunction<'chargePoints'>): FormRule[] {
  return [
    { required: true },
    {
      validator: (_, value: string | undefined) => {
        const problem = value ? chargerPasswordProblem(value) : undefined;
        if (!problem) return Promise.resolve();
        return Promise.reject(
          new Error(
            problem === 'length'
              ? t('validation.passwordLength', { min: CHARGER_PASSWORD_MIN, max: CHARGER_PASSWORD_MAX })
              : t('validation.passwordCharacters'),
          ),
        );
      },
    },
  ];
}

/**
 * "Generate a password" (the default) or "Enter the charger's password", for the fields
 * `passwordMode` and `password` of the form around it. Either way the password is shown once.
 */
export function PasswordChoice() {
  const { t } = useTranslation('chargePoints');
  const form = Form.useFormInstance();
  const mode = (Form.useWatch('passwordMode', form) as PasswordMode | undefined) ?? 'generate';
  return (
    <>
      <Form.Item name="passwordMode" initialValue="generate" style={{ marginBottom: 12 }}>
        <Radio.Group
          onChange={() => form.setFields([{ name: 'password', value: undefined, errors: [] }])}
          options={[
            { value: 'generate', label: t('password.generate') },
            { value: 'enter', label: t('password.enter') },
          ]}
          data-testid="cp-password-mode"
        />
      </Form.Item>
      {mode === 'enter' ? (
        <Form.Item
          label={t('password.label')}
          name="password"
          extra={t('password.enterHint')}
          rules={chargerPasswordRules(t)}
          style={{ maxWidth: 420 }}
        >
          <Input.Password autoComplete="new-password" spellCheck={false} data-testid="cp-password" />
        </Form.Item>
      ) : (
        <Typography.Paragraph type="secondary" style={{ marginBottom: 0 }}>
          {t('password.generateHint')}
        </Typography.Paragraph>
      )}
    </>
  );
}
