import { isAxiosError } from 'axios';
import type { ErrorBody } from '@voltline/contract';

/** Messages of a 400 answer (already in the user's language) for one field of the request body. */
export function fieldErrorsOf(error: unknown, field: string): string[] {
  if (!isAxiosError<ErrorBody>(error)) return [];
  return (error.response?.data.details ?? [])
    .filter((d) => d.field.replace(/^body\./, '') === field)
    .map((d) => d.message);
}
