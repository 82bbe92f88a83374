import type { TFunction } from 'i18next';
import { PASSWORD_MAX, type LoginBody } from '@voltline/contract';

export type LoginErrors = Partial<Record<keyof LoginBody, string>>;

// The same check antd's `type: 'email'` rule makes.
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** Sign-in checks, worded with the shared form validation messages (common:validation.*). */
export function validateLogin(
  values: LoginBody,
  t: TFunction<'common'>,
  labels: Record<keyof LoginBody, string>,
) {
  const fill = (template: string, label: string, extra: Record<string, string | number> = {}) =>
    Object.entries({ label, ...extra }).reduce(
      (text, [k, v]) => text.replaceAll(`\${${k}}`, String(v)),
      template,
    );
  const errors: LoginErrors = {};
  if (!values.Email.trim()) errors.Email = fill(t('validation.required'), labels.Email);
  else if (!EMAIL.test(values.Email.trim())) errors.Email = fill(t('validation.types.email'), labels.Email);
  if (!values.Password) errors.Password = fill(t('validation.required'), labels.Password);
  else if (values.Password.length > PASSWORD_MAX)
    errors.Password = fill(t('validation.string.max'), labels.Password, { max: PASSWORD_MAX });
  return errors;
}
