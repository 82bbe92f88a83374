import dayjs from 'dayjs';
import '../../lib/format';

/** Log times down to the millisecond, in the interface language's date order. */
export const formatLogTime = (at: string): string => dayjs(at).format('L HH:mm:ss.SSS');
