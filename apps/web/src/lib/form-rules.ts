import type { FormRule } from 'antd';
import type { TFunction } from 'i18next';
import { PASSWORD_MAX, PASSWORD_MIN } from '@voltline/contract';

/** The contract's NewPassword rule, as form rules: 8–128 characters with a letter and a digit. */
export function passwordRules(t: TFunction<'common'>, required = true): FormRule[] {
  return [
    { required },
    { min: PASSWORD_MIN },
    { max: PASSWORD_MAX },
    { pattern: /[A-Za-z]/, message: t('validation.passwordRule') },
    { pattern: /[0-9]/, message: t('validation.passwordRule') },
  ];
}

/** A "repeat password" field that must equal `field`. */
export function repeatRules(t: TFunction<'common'>, field: string): FormRule[] {
  return [
    { required: true },
    ({ getFieldValue }) => ({
      validator: (_, value: unknown) =>
        !value || getFieldValue(field) === value
          ? Promise.resolve()
          : Promise.reject(new Error(t('validation.passwordMismatch'))),
    }),
  ];
}
