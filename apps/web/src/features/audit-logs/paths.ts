import { APP_PREFIX } from '../../config/app';

export const AUDIT_LOGS_PATH = `${APP_PREFIX}/logs/auditlogs`;
