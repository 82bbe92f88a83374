import { APP_PREFIX } from '../../config/app';

export const MAINTENANCE_LOGS_PATH = `${APP_PREFIX}/logs/maintenancelogs`;
