import { APP_PREFIX } from '../../config/app';

export const BOOKINGS_PATH = `${APP_PREFIX}/management/booking`;
export const BOOKING_ADD_PATH = `${BOOKINGS_PATH}/add`;
