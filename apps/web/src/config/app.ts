/** Route constants of spec §2. */
export const APP_PREFIX = '/portal';
export const AUTH_PREFIX = '/auth';
export const LOGIN_PATH = `${AUTH_PREFIX}/login`;
export const REGISTER_PATH = `${AUTH_PREFIX}/register`;
/** The e-mailed registration link (the server writes the same path). */
export const REGISTER_CONFIRM_PATH = `${AUTH_PREFIX}/register/confirm`;
export const FORGOT_PASSWORD_PATH = `${AUTH_PREFIX}/forgot-password`;
export const RESET_PASSWORD_PATH = '/forgotPassword';
export const HOME_PATH = `${APP_PREFIX}/dashboards/analytics`;
export const ERROR_PATH = `${APP_PREFIX}/error`;
export const REDIRECT_KEY = 'redirect';

/** Spec §9. */
export const REQUEST_TIMEOUT_MS = 60_000;
export const CHUNK_LOAD_TIMEOUT_MS = 120_000;
export const API_BASE_URL = '/api/';
