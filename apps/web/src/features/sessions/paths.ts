import { APP_PREFIX } from '../../config/app';

export const SESSIONS_PATH = `${APP_PREFIX}/reports/chargingsessions`;
