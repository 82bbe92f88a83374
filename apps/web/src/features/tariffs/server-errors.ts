import { isAxiosError } from 'axios';
import type { ErrorBody } from '@voltline/contract';

export type ServerFieldErrors = NonNullable<ErrorBody['details']>;

/** Field messages of a 400 answer, to show beside the fields they concern. */
export function fieldErrorsOf(error: unknown): ServerFieldErrors | undefined {
  if (!isAxiosError<ErrorBody>(error)) return undefined;
  return error.response?.data.details;
}

/** Where the form holds what the API names otherwise (durations are typed in minutes). */
const FORM_NAMES: Record<string, string> = {
  priceComponents: 'components',
  minDurationSeconds: 'minDurationMinutes',
  maxDurationSeconds: 'maxDurationMinutes',
};

/**
 * The server names a field by where it sits in the request (`body.components.elements.0.
 * restrictions.endDate`); the form by its path (['elements', 0, 'restrictions', 'endDate']).
 */
export function formPathOf(field: string): (string | number)[] {
  const parts = field
    .replace(/^body\./, '')
    .split('.')
    .map((p) => (/^\d+$/.test(p) ? Number(p) : p));
  if (parts[0] !== 'components') return parts;
  return parts.slice(1).map((p) => (typeof p === 'string' ? (FORM_NAMES[p] ?? p) : p));
}
