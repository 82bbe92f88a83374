import { APP_PREFIX } from '../../config/app';

export const USERS_PATH = `${APP_PREFIX}/management/user`;
