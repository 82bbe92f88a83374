import type { TFunction } from 'i18next';
import type { FormProps } from 'antd';

type ValidateMessages = NonNullable<FormProps['validateMessages']>;

/**
 * Ant Design's form messages in the current language. The texts keep Ant Design's `${label}`,
 * `${min}`, `${max}`, `${len}` placeholders, which i18next leaves alone.
 */
export function validateMessages(t: TFunction<'common'>): ValidateMessages {
  const type = t('validation.types.default');
  return {
    default: t('validation.default'),
    required: t('validation.required'),
    enum: t('validation.enum'),
    whitespace: t('validation.whitespace'),
    date: { format: t('validation.date'), parse: t('validation.date'), invalid: t('validation.date') },
    types: {
      string: type,
      method: type,
      array: type,
      object: type,
      number: type,
      date: type,
      boolean: type,
      integer: type,
      float: type,
      regexp: type,
      email: t('validation.types.email'),
      url: t('validation.types.url'),
      hex: type,
    },
    string: {
      len: t('validation.string.len'),
      min: t('validation.string.min'),
      max: t('validation.string.max'),
      range: t('validation.string.range'),
    },
    number: {
      len: t('validation.number.len'),
      min: t('validation.number.min'),
      max: t('validation.number.max'),
      range: t('validation.number.range'),
    },
    array: {
      len: t('validation.array.len'),
      min: t('validation.array.min'),
      max: t('validation.array.max'),
      range: t('validation.array.range'),
    },
    pattern: { mismatch: t('validation.pattern') },
  };
}
