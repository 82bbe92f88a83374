import { APP_PREFIX } from '../../config/app';

export const PAYMENTS_PATH = `${APP_PREFIX}/reports/payments`;
