import { formatDate } from '../../lib/format';

/** Log times down to the millisecond, in the portal's one date style of the interface language. */
export const formatLogTime = (at: string, lng?: string): string => formatDate(at, 'dateTimeMillis', lng);
