import { isAxiosError } from 'axios';
import type { ErrorBody } from '@voltline/contract';

/** Messages of a 400 answer (already in the user's language) for one field of the request body. */
export function fieldErrorsOf(error: unknown, field: string): string[] {
  if (!isAxiosError<ErrorBody>(error)) return [];
  return (error.response?.data.details ?? [])
    .filter((d) => d.field.replace(/^body\./, '') === field)
    .map((d) => d.message);
}

/** A refusal's code and text (e.g. `session.costOutOfRange` on a 409), to act on it beyond its notice. */
export function refusalOf(error: unknown): { code?: string; text?: string } {
  if (!isAxiosError<ErrorBody>(error)) return {};
  const body = error.response?.data;
  return { code: body?.code, text: body?.error };
}
