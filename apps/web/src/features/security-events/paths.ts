import { APP_PREFIX } from '../../config/app';

export const SECURITY_EVENTS_PATH = `${APP_PREFIX}/logs/security`;
