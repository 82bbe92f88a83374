import { APP_PREFIX } from '../../config/app';

export const OCPP_LOGS_PATH = `${APP_PREFIX}/logs/ocpp`;
