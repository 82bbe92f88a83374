import { APP_PREFIX } from '../../config/app';

/** The roaming screen (OCPI partners), under Integrations beside API keys and webhooks. */
export const ROAMING_PATH = `${APP_PREFIX}/integrations/roaming`;
