// @vitest-environment jsdom
import type { ReactNode } from 'react';
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import { ConfigProvider } from 'antd';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import {
  API,
  ROAMING_API,
  type Me,
  type Permission,
  type RoamingInvitation,
  type RoamingPartner,
} from '@voltline/contract';
import { apiClient } from '../../lib/api-client';
import { useAuthStore } from '../../stores/auth-store';
import { prepareJsdom } from '../../test/jsdom';
import RoamingPage from './pages/roaming-page';

/**
 * The roaming screen drawn in jsdom against a fake server: the portal's own hooks, client and
 * English texts, with the answers the server's contract describes.
 */

beforeAll(async () => {
  await prepareJsdom(['roaming']);
});

const partner = (over: Partial<RoamingPartner>): RoamingPartner => ({
  id: 1,
  operatorId: 1,
  operatorName: 'İstanbul Şarj',
  name: 'Partner',
  countryCode: null,
  partyId: null,
  role: null,
  roles: [],
  state: 'invited',
  direction: 'inbound',
  versionsUrl: null,
  version: null,
  modules: [],
  publishedOperators: [],
  tariffId: null,
  tariffName: null,
  tokenAExpiresAt: null,
  lastSuccessAt: null,
  lastErrors: [],
  hubClients: [],
  tokens: { count: 0, lastReceivedAt: null, pulledAt: null },
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
  ...over,
});

const PARTNERS = [
  partner({ id: 1, name: 'Plugsurfing test', state: 'invited', tokenAExpiresAt: '2026-12-20T10:00:00.000Z' }),
  partner({
    id: 2,
    name: 'Hub North',
    state: 'registered',
    direction: 'outbound',
    countryCode: 'DE',
    partyId: 'HBN',
    role: 'HUB',
    lastSuccessAt: '2026-11-27T09:00:00.000Z',
    lastErrors: [{ at: '2026-11-27T10:00:00.000Z', message: 'The partner did not answer in 30 seconds.' }],
  }),
  partner({
    id: 3,
    name: 'Old eMSP',
    state: 'unregistered',
    countryCode: 'NL',
    partyId: 'OLD',
    role: 'EMSP',
  }),
];

type Reply = { status: number; data: unknown };
let routes: Record<string, (config: InternalAxiosRequestConfig) => Reply>;
const ok = (data: unknown): Reply => ({ status: 200, data: { data } });

const adapter: AxiosAdapter = (config) => {
  const key = `${config.method?.toUpperCase() ?? 'GET'} ${config.url ?? ''}`;
  const reply = routes[key]?.(config) ?? { status: 404, data: { error: `No fake for ${key}` } };
  const response = { data: reply.data, status: reply.status, statusText: '', headers: {}, config };
  if (reply.status >= 400) {
    const error = Object.assign(new Error(`Request failed with status code ${reply.status}`), {
      isAxiosError: true,
      response,
      config,
    });
    return Promise.reject(error);
  }
  return Promise.resolve(response);
};

function signIn(permissions: Permission[]): QueryClient {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  useAuthStore.setState({ token: 'test-token' });
  const me: Me = {
    id: 1,
    email: 'admin@voltline.local',
    name: 'Ada',
    surname: 'Admin',
    operatorId: 1,
    operatorName: 'İstanbul Şarj',
    roles: ['Admin'],
    permissions,
    locale: 'en',
  };
  client.setQueryData(['me', 'test-token'], me);
  return client;
}

function draw(permissions: Permission[]) {
  const client = signIn(permissions);
  const wrap = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>
      {/* Without motion, a closed modal leaves the page at once, as it does after its animation. */}
      <ConfigProvider theme={{ token: { motion: false } }}>
        <MemoryRouter>{children}</MemoryRouter>
      </ConfigProvider>
    </QueryClientProvider>
  );
  return render(<RoamingPage />, { wrapper: wrap });
}

beforeEach(() => {
  apiClient.defaults.adapter = adapter;
  routes = {
    [`GET ${ROAMING_API.partners}`]: () => ok(PARTNERS),
    [`GET ${ROAMING_API.identity}`]: () =>
      ok({
        versionsUrl: 'https://voltline.example/ocpi/versions',
        countryCode: 'TR',
        partyId: 'VLT',
        version: '2.2.1',
      }),
    [`GET ${API.operators.lookup}`]: () =>
      ok([{ id: 1, name: 'İstanbul Şarj', parentId: null, archived: false }]),
    [`GET ${API.tariffs.base}`]: () => ok([]),
    [`GET ${ROAMING_API.authorizations(2)}`]: () => ok([]),
  };
});

afterEach(cleanup);

const READ_AND_WRITE: Permission[] = ['roaming:read', 'roaming:write'];

describe('roaming screen', () => {
  it('lists the partners with their states in words and warns of a failing one', async () => {
    draw(READ_AND_WRITE);
    expect(await screen.findByTestId('roaming-state-1')).toHaveProperty('textContent', 'Invited');
    expect(screen.getByTestId('roaming-state-2').textContent).toBe('Registered');
    expect(screen.getByTestId('roaming-state-3').textContent).toBe('Unregistered');
    expect(screen.getByTestId('roaming-failing-2').textContent).toContain('Last exchange failed');
    expect(screen.queryByTestId('roaming-failing-1')).toBeNull();
    expect(screen.getByText('DE-HBN')).toBeTruthy();
    expect(await screen.findByText('https://voltline.example/ocpi/versions')).toBeTruthy();
  });

  it('shows only the partners of the state chosen', async () => {
    draw(READ_AND_WRITE);
    await screen.findByTestId('roaming-state-1');
    fireEvent.click(screen.getByText('Registered', { selector: '.ant-segmented-item-label' }));
    await waitFor(() => expect(screen.queryByTestId('roaming-state-1')).toBeNull());
    expect(screen.getByTestId('roaming-state-2')).toBeTruthy();
    expect(screen.queryByTestId('roaming-state-3')).toBeNull();
  });

  it('hides invitation and registration from a user who may only read', async () => {
    draw(['roaming:read']);
    await screen.findByTestId('roaming-state-1');
    expect(screen.queryByTestId('roaming-invite')).toBeNull();
    expect(screen.queryByTestId('roaming-register')).toBeNull();
  });

  it("offers a partner's refresh, unregistration and editing only to a user who may write", async () => {
    routes[`GET ${ROAMING_API.byId(2)}`] = () => ok(PARTNERS[1]);
    draw(['roaming:read']);
    fireEvent.click(await screen.findByTestId('roaming-open-2'));
    const errors = await screen.findByTestId('roaming-errors');
    expect(errors.textContent).toContain('The partner did not answer in 30 seconds.');
    expect(errors.querySelector('.ant-typography-danger')).not.toBeNull();
    expect(screen.queryByTestId('roaming-refresh')).toBeNull();
    expect(screen.queryByTestId('roaming-unregister')).toBeNull();
    expect(screen.queryByTestId('roaming-save')).toBeNull();
    cleanup();

    draw(READ_AND_WRITE);
    fireEvent.click(await screen.findByTestId('roaming-open-2'));
    expect(await screen.findByTestId('roaming-refresh')).toBeTruthy();
    expect(screen.getByTestId('roaming-unregister')).toBeTruthy();
    expect(screen.getByTestId('roaming-save')).toBeTruthy();
  });

  it('shows token A and the versions URL once, after an invitation, and forgets them when closed', async () => {
    const invitation: RoamingInvitation = {
      partner: partner({ id: 9, name: 'New eMSP', tokenAExpiresAt: '2026-12-27T10:00:00.000Z' }),
      tokenA: 'tokA-3f9c1e7d',
      versionsUrl: 'https://voltline.example/ocpi/versions',
    };
    let sent: unknown;
    routes[`POST ${ROAMING_API.invite}`] = (config) => {
      sent = JSON.parse(String(config.data));
      return ok(invitation);
    };
    draw(READ_AND_WRITE);
    fireEvent.click(await screen.findByTestId('roaming-invite'));
    fireEvent.change(await screen.findByTestId('roaming-name'), { target: { value: '  New eMSP ' } });
    fireEvent.click(screen.getByText('Create invitation'));

    const shown = await screen.findByTestId('roaming-token-a-shown');
    expect(shown.textContent).toContain('tokA-3f9c1e7d');
    expect(sent).toEqual({ operatorId: 1, name: 'New eMSP', publishedOperatorIds: [], tariffId: null });
    const dialog = shown.closest<HTMLElement>('.ant-modal');
    if (!dialog) throw new Error('token A is not in a dialog');
    expect(within(dialog).getByText('Invitation for New eMSP')).toBeTruthy();
    expect(within(dialog).getByText('Token A is shown only this once. Copy it now.')).toBeTruthy();
    expect(within(dialog).getByTestId('roaming-versions-url-shown').textContent).toContain(
      'https://voltline.example/ocpi/versions',
    );
    expect(dialog.querySelectorAll('.ant-typography-copy')).toHaveLength(2);

    fireEvent.click(within(dialog).getByTestId('roaming-invitation-done'));
    await waitFor(() => expect(document.body.textContent).not.toContain('tokA-3f9c1e7d'));
  });

  it("shows a partner's refusal of the registration in the server's words, as an error in the form", async () => {
    const refusal = 'The partner refused the credentials: OCPI status 2001 (invalid or missing parameters).';
    routes[`POST ${ROAMING_API.register}`] = () => ({ status: 502, data: { error: refusal } });
    draw(READ_AND_WRITE);
    fireEvent.click(await screen.findByTestId('roaming-register'));
    fireEvent.change(await screen.findByTestId('roaming-versions-url'), {
      target: { value: 'https://emsp.example/ocpi/versions' },
    });
    fireEvent.change(screen.getByTestId('roaming-token-a'), { target: { value: 'their-token-a' } });
    fireEvent.change(screen.getByTestId('roaming-name'), { target: { value: 'eMSP Example' } });
    fireEvent.click(screen.getByText('Register', { selector: '.ant-modal-footer button span' }));

    const alert = await screen.findByTestId('roaming-refusal');
    expect(alert.textContent).toContain(refusal);
    expect(alert.className).toContain('ant-alert-error');
    expect(alert.className).not.toContain('ant-alert-success');
    // The form stays open with what was typed, to try again.
    expect(screen.getByTestId('roaming-token-a')).toHaveProperty('value', 'their-token-a');
  });
});
