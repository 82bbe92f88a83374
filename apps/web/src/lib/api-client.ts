import axios, {
  type AxiosAdapter,
  type AxiosError,
  type AxiosInstance,
  type InternalAxiosRequestConfig,
} from 'axios';
import { API, type ErrorBody, type Ok, type TokenData } from '@voltline/contract';
import { API_BASE_URL, REQUEST_TIMEOUT_MS } from '../config/app';
import { getBackendLocale, getToken, setToken } from './storage';

declare module 'axios' {
  interface AxiosRequestConfig {
    /** Auth calls (login, reset, refresh...) must not trigger a token refresh on 401/403. */
    skipAuthRefresh?: boolean;
    /** Show "No response received from server" instead of "Error" when the server is unreachable. */
    noResponseMessage?: boolean;
    /** Neither success nor error notices (background reads such as config and me). */
    silent?: boolean;
  }
}

type RetriableConfig = InternalAxiosRequestConfig & { _retried?: boolean };

export interface Notifier {
  success(message: string): void;
  /** A charger refused what was asked (the envelope's `refused`): not a success, not a portal error. */
  warning(message: string): void;
  error(message: string): void;
}

export type MessageKey = 'generic' | 'noResponse';

export interface ApiClientOptions {
  baseURL: string;
  getToken(): string | null;
  setToken(token: string | null): void;
  getLocale(): string;
  notifier(): Notifier;
  translate(key: MessageKey): string;
  /** Called when the session cannot be renewed; the token is already removed. */
  onLoggedOut(): void;
  /** Spec §8: the page reloads after a successful refresh. */
  reload(): void;
  /** Transport override for tests. */
  adapter?: AxiosAdapter;
}

/** Statuses whose body text is shown to the user (spec §8, plus our server's 409 conflicts). */
const SHOWN_STATUSES = new Set([400, 402, 404, 409, 429]);

async function errorText(error: AxiosError): Promise<string | undefined> {
  let body: unknown = error.response?.data;
  // Blob downloads (Excel) carry their JSON error as a Blob.
  if (typeof Blob !== 'undefined' && body instanceof Blob) {
    try {
      body = JSON.parse(await body.text()) as unknown;
    } catch {
      return undefined;
    }
  }
  if (body && typeof body === 'object' && 'error' in body) {
    const text = (body as ErrorBody).error;
    return typeof text === 'string' && text.length > 0 ? text : undefined;
  }
  return undefined;
}

export function createApiClient(options: ApiClientOptions): AxiosInstance {
  const instance = axios.create({
    baseURL: options.baseURL,
    timeout: REQUEST_TIMEOUT_MS,
    adapter: options.adapter,
  });
  let refreshing: Promise<string> | null = null;
  let reloadScheduled = false;

  instance.interceptors.request.use((config) => {
    const token = options.getToken();
    if (token && !config.headers.has('Authorization')) config.headers.set('Authorization', `Bearer ${token}`);
    config.headers.set('Accept-Language', options.getLocale());
    return config;
  });

  /** One refresh at a time: every request that fails meanwhile waits for the same promise. */
  function refreshToken(): Promise<string> {
    refreshing ??= axios
      .get<Ok<TokenData>>(API.auth.refreshToken, {
        baseURL: options.baseURL,
        timeout: REQUEST_TIMEOUT_MS,
        adapter: options.adapter,
        headers: {
          Authorization: `Bearer ${options.getToken() ?? ''}`,
          'Accept-Language': options.getLocale(),
        },
      })
      .then((res) => {
        options.setToken(res.data.data.token);
        return res.data.data.token;
      })
      .finally(() => {
        refreshing = null;
      });
    return refreshing;
  }

  function scheduleReload(): void {
    if (reloadScheduled) return;
    reloadScheduled = true;
    setTimeout(() => options.reload(), 0);
  }

  instance.interceptors.response.use(
    (response) => {
      const body: unknown = response.data;
      if (!response.config.silent && body && typeof body === 'object' && 'message' in body) {
        const message = (body as Ok<unknown>).message;
        if (typeof message === 'string' && message.length > 0) {
          if ((body as Ok<unknown>).refused === true) options.notifier().warning(message);
          else options.notifier().success(message);
        }
      }
      return response;
    },
    async (error: AxiosError) => {
      if (axios.isCancel(error)) throw error;
      const config = error.config as RetriableConfig | undefined;
      const status = error.response?.status;
      const sentToken = config?.headers.get('Authorization');

      if (
        config &&
        (status === 401 || status === 403) &&
        !config.skipAuthRefresh &&
        !config._retried &&
        options.getToken()
      ) {
        config._retried = true;
        let token = options.getToken();
        // A request sent before another one renewed the token only needs the new token.
        if (sentToken === `Bearer ${token ?? ''}` || refreshing) {
          try {
            token = await refreshToken();
          } catch (refreshError) {
            options.setToken(null);
            options.onLoggedOut();
            throw refreshError instanceof Error ? refreshError : error;
          }
        }
        config.headers.set('Authorization', `Bearer ${token ?? ''}`);
        const response = await instance.request(config);
        scheduleReload();
        return response;
      }

      if (!config?.silent) {
        if (!error.response) {
          options.notifier().error(options.translate(config?.noResponseMessage ? 'noResponse' : 'generic'));
        } else {
          const text = SHOWN_STATUSES.has(status ?? 0) || status === 403 ? await errorText(error) : undefined;
          options.notifier().error(text ?? options.translate('generic'));
        }
      }
      throw error;
    },
  );

  return instance;
}

/* The app's client. Notices, texts and sign-out are wired in by the app shell (see configureApiClient). */
const fallbackTexts: Record<MessageKey, string> = {
  generic: 'Error',
  noResponse: 'No response received from server',
};
let notifier: Notifier = { success: () => undefined, warning: () => undefined, error: () => undefined };
let translate: (key: MessageKey) => string = (key) => fallbackTexts[key];
let onLoggedOut: () => void = () => undefined;

export function configureApiClient(hooks: {
  notifier?: Notifier;
  translate?: (key: MessageKey) => string;
  onLoggedOut?: () => void;
}): void {
  if (hooks.notifier) notifier = hooks.notifier;
  if (hooks.translate) translate = hooks.translate;
  if (hooks.onLoggedOut) onLoggedOut = hooks.onLoggedOut;
}

export const apiClient = createApiClient({
  baseURL: API_BASE_URL,
  getToken,
  setToken,
  getLocale: getBackendLocale,
  notifier: () => notifier,
  translate: (key) => translate(key),
  onLoggedOut: () => onLoggedOut(),
  reload: () => window.location.reload(),
});

/** Unwraps `{ data }` of a success envelope. */
export async function unwrap<T>(request: Promise<{ data: Ok<T> }>): Promise<T> {
  const response = await request;
  return response.data.data;
}
