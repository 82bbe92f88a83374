import { isAxiosError } from 'axios';
import type { FormInstance } from 'antd';
import type { ErrorBody } from '@voltline/contract';
import type { ServerFieldErrors } from './components/charge-point-form';

/** Field messages of a 400 answer, to show beside the fields they concern. */
export function fieldErrorsOf(error: unknown): ServerFieldErrors | undefined {
  if (!isAxiosError<ErrorBody>(error)) return undefined;
  return error.response?.data.details;
}

/**
 * Puts a 400 answer's field messages under a dialog's `fields`; `fieldOf` names the form field of
 * a request field. Says whether any landed, so the dialog can stay open for the user to correct
 * them (the API client has already said the request was refused).
 */
export function showFieldErrors(
  form: FormInstance,
  error: unknown,
  fields: readonly string[],
  fieldOf: (field: string) => string | undefined = (field) => field.replace(/^body\./, ''),
): boolean {
  const byField = new Map<string, string[]>();
  for (const detail of fieldErrorsOf(error) ?? []) {
    const name = fieldOf(detail.field);
    if (name !== undefined && fields.includes(name))
      byField.set(name, [...(byField.get(name) ?? []), detail.message]);
  }
  form.setFields([...byField].map(([name, errors]) => ({ name, errors })));
  return byField.size > 0;
}
