import { AxiosError, AxiosHeaders, type AxiosAdapter, type InternalAxiosRequestConfig } from 'axios';
import { describe, expect, it, vi } from 'vitest';
import { createApiClient, type ApiClientOptions } from './api-client';

type Reply = { status: number; data?: unknown } | 'no-response';

/** A fake server: `route(config)` answers each request; every request is recorded. */
function setup(route: (config: InternalAxiosRequestConfig) => Reply | Promise<Reply>, token = 'old') {
  const calls: { url: string; auth: string | undefined; lang: string | undefined }[] = [];
  let stored: string | null = token;
  const adapter: AxiosAdapter = async (config) => {
    const headers = AxiosHeaders.from(config.headers);
    calls.push({
      url: config.url ?? '',
      auth: headers.get('Authorization') as string | undefined,
      lang: headers.get('Accept-Language') as string | undefined,
    });
    const reply = await route(config);
    if (reply === 'no-response') {
      throw new AxiosError('Network Error', AxiosError.ERR_NETWORK, config, {});
    }
    const response = { data: reply.data, status: reply.status, statusText: '', headers: {}, config };
    if (reply.status >= 400) {
      throw new AxiosError('fail', AxiosError.ERR_BAD_REQUEST, config, {}, response);
    }
    return response;
  };
  const notifier = { success: vi.fn(), warning: vi.fn(), error: vi.fn() };
  const options = {
    baseURL: '/api/',
    getToken: () => stored,
    setToken: (t: string | null) => {
      stored = t;
    },
    getLocale: () => 'tr',
    notifier: () => notifier,
    translate: (key: 'generic' | 'noResponse') =>
      key === 'generic' ? 'Error' : 'No response received from server',
    onLoggedOut: vi.fn(),
    reload: vi.fn(),
    adapter,
  } satisfies ApiClientOptions;
  const client = createApiClient(options);
  return { client, calls, notifier, options, token: () => stored };
}

const flush = () => new Promise((resolve) => setTimeout(resolve, 5));

describe('api client', () => {
  it('sends the bearer token and the back-end locale, with the base url and the 60 s time-out', async () => {
    const { client, calls } = setup(() => ({ status: 200, data: { data: 1 } }));
    const res = await client.get('portal/user');
    expect(res.data).toEqual({ data: 1 });
    expect(calls[0]).toEqual({ url: 'portal/user', auth: 'Bearer old', lang: 'tr' });
    expect(client.defaults.baseURL).toBe('/api/');
    expect(client.defaults.timeout).toBe(60000);
  });

  it('shows a charger’s refusal as a warning, never as a success', async () => {
    const { client, notifier } = setup(() => ({
      status: 200,
      data: { data: { status: 'Rejected' }, message: 'The charge point refused: Rejected', refused: true },
    }));
    await client.post('/ocpp/RemoteTrigger/reserveNow');
    expect(notifier.warning).toHaveBeenCalledWith('The charge point refused: Rejected');
    expect(notifier.success).not.toHaveBeenCalled();
  });

  it('shows a success notice when the response carries a message', async () => {
    const { client, notifier } = setup(() => ({ status: 200, data: { data: null, message: 'Saved' } }));
    await client.post('portal/user', {});
    expect(notifier.success).toHaveBeenCalledWith('Saved');
  });

  it.each([400, 402, 404, 429])("shows the response's error for %i", async (status) => {
    const { client, notifier } = setup(() => ({ status, data: { error: `server says ${status}` } }));
    await expect(client.get('x')).rejects.toBeInstanceOf(AxiosError);
    expect(notifier.error).toHaveBeenCalledWith(`server says ${status}`);
  });

  it('shows "Error" for other failures', async () => {
    const { client, notifier } = setup(() => ({ status: 500, data: { error: 'stack trace' } }));
    await expect(client.get('x')).rejects.toBeInstanceOf(AxiosError);
    expect(notifier.error).toHaveBeenCalledWith('Error');
  });

  it('shows "No response received from server" for a login that gets no answer', async () => {
    const { client, notifier } = setup(() => 'no-response');
    await expect(client.post('portal/Auth/login', {}, { noResponseMessage: true })).rejects.toThrow();
    expect(notifier.error).toHaveBeenCalledWith('No response received from server');
  });

  it('refreshes once for concurrent 401s, retries them with the new token and reloads', async () => {
    let refreshes = 0;
    const { client, calls, options, token } = setup(async (config) => {
      const auth = AxiosHeaders.from(config.headers).get('Authorization');
      if (config.url === 'portal/auth/refreshToken') {
        refreshes += 1;
        await flush();
        return { status: 200, data: { data: { token: 'new' } } };
      }
      return auth === 'Bearer new' ? { status: 200, data: { data: config.url } } : { status: 401, data: {} };
    });
    const results = await Promise.all([client.get('a'), client.get('b'), client.get('c')]);
    expect(results.map((r) => (r.data as { data: string }).data)).toEqual(['a', 'b', 'c']);
    expect(refreshes).toBe(1);
    expect(token()).toBe('new');
    expect(calls.find((c) => c.url === 'portal/auth/refreshToken')?.auth).toBe('Bearer old');
    await flush();
    expect(options.reload).toHaveBeenCalledTimes(1);
  });

  it('shows the error instead of looping when the retry is still forbidden', async () => {
    let refreshes = 0;
    const { client, notifier, options } = setup((config) => {
      if (config.url === 'portal/auth/refreshToken') {
        refreshes += 1;
        return { status: 200, data: { data: { token: 'new' } } };
      }
      return { status: 403, data: { error: 'Your role may not do this' } };
    });
    await expect(client.delete('portal/user/2')).rejects.toBeInstanceOf(AxiosError);
    expect(refreshes).toBe(1);
    expect(notifier.error).toHaveBeenCalledWith('Your role may not do this');
    await flush();
    expect(options.reload).not.toHaveBeenCalled();
  });

  it('removes the token and logs out when the refresh fails', async () => {
    const { client, options, token } = setup((config) =>
      config.url === 'portal/auth/refreshToken' ? { status: 401, data: { error: 'over' } } : { status: 401 },
    );
    await expect(client.get('a')).rejects.toBeInstanceOf(AxiosError);
    expect(token()).toBeNull();
    expect(options.onLoggedOut).toHaveBeenCalledTimes(1);
    expect(options.reload).not.toHaveBeenCalled();
  });

  it('does not refresh for auth calls such as a wrong password', async () => {
    const { client, calls, notifier } = setup(
      () => ({ status: 401, data: { error: 'Wrong e-mail or password' } }),
      '',
    );
    await expect(client.post('portal/Auth/login', {}, { skipAuthRefresh: true })).rejects.toThrow();
    expect(calls).toHaveLength(1);
    expect(notifier.error).toHaveBeenCalledWith('Error');
  });

  it('reads the error of a failed blob download', async () => {
    const { client, notifier } = setup(() => ({
      status: 404,
      data: new Blob([JSON.stringify({ error: 'User not found' })], { type: 'application/json' }),
    }));
    await expect(client.post('portal/user/GetAllUsersExcel', {}, { responseType: 'blob' })).rejects.toThrow();
    expect(notifier.error).toHaveBeenCalledWith('User not found');
  });
});
