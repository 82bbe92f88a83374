import { isAxiosError } from 'axios';
import type { ErrorBody } from '@voltline/contract';

export type ServerFieldErrors = NonNullable<ErrorBody['details']>;

/** Field messages of a 400 answer, to show beside the fields they concern. */
export function fieldErrorsOf(error: unknown): ServerFieldErrors | undefined {
  if (!isAxiosError<ErrorBody>(error)) return undefined;
  return error.response?.data.details;
}

/**
 * The server names fields by where they sit in the request (`body.vehicles.0.vin`); a form names
 * them as paths (['vehicles', 0, 'vin']).
 */
export function formPathOf(field: string): (string | number)[] {
  return field
    .replace(/^body\./, '')
    .split('.')
    .map((part) => (/^\d+$/.test(part) ? Number(part) : part));
}

/** The server's own explanation of a refusal (a 409's reason), already in the user's language. */
export function errorMessageOf(error: unknown): string | undefined {
  if (!isAxiosError<ErrorBody>(error)) return undefined;
  return error.response?.data.error;
}
