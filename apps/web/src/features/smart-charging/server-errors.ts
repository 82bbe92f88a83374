import { isAxiosError } from 'axios';
import type { ErrorBody } from '@voltline/contract';
import type { ServerFieldErrors } from './components/group-form';

/** Field messages of a 400 answer, to show beside the fields they concern. */
export function fieldErrorsOf(error: unknown): ServerFieldErrors | undefined {
  if (!isAxiosError<ErrorBody>(error)) return undefined;
  return error.response?.data.details;
}
