import { APP_PREFIX } from '../../config/app';

export const API_KEYS_PATH = `${APP_PREFIX}/integrations/api-keys`;
