import type { TFunction } from 'i18next';
import type { FormProps } from 'antd';
import { i18n } from '../lib/i18n';

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
      len: numbers(t('validation.number.len'), 'len'),
      min: numbers(t('validation.number.min'), 'min'),
      max: numbers(t('validation.number.max'), 'max'),
      range: numbers(t('validation.number.range'), 'min', 'max'),
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

/**
 * A number rule's message with its bounds written as the language writes numbers ("0,001" in
 * Turkish): Ant Design would put the raw numbers in ("0.001"). async-validator calls the function
 * with the field and the rule's bounds; `${label}` is left for Ant Design to fill in.
 */
function numbers(template: string, ...names: ('len' | 'min' | 'max')[]): (...args: unknown[]) => string {
  return (_field, ...bounds) => {
    const format = new Intl.NumberFormat(i18n.language, { maximumFractionDigits: 20 });
    return names.reduce(
      (text, name, i) =>
        text.replaceAll(
          `\${${name}}`,
          typeof bounds[i] === 'number' ? format.format(bounds[i]) : String(bounds[i]),
        ),
      template,
    );
  };
}
