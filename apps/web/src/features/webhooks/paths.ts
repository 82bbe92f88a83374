import { APP_PREFIX } from '../../config/app';

/** The webhooks screen, beside the API keys' one under Integrations. */
export const WEBHOOKS_PATH = `${APP_PREFIX}/integrations/webhooks`;
