import { APP_PREFIX } from '../../config/app';

export const DIAGNOSTICS_PATH = `${APP_PREFIX}/logs/diagnostic`;
