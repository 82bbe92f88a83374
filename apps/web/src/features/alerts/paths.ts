import { APP_PREFIX } from '../../config/app';

/** The Alerts screen; the alert e-mails link to `ALERTS_PATH/{id}`. */
export const ALERTS_PATH = `${APP_PREFIX}/alerts`;
export const alertPath = (id: number | string) => `${ALERTS_PATH}/${id}`;
