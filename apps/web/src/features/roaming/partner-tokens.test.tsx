// @vitest-environment jsdom
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import {
  ROAMING_API,
  type Permission,
  type RoamingAuthorization,
  type RoamingPartner,
} from '@voltline/contract';
import { apiClient } from '../../lib/api-client';
import { attachNoticeHost } from '../../lib/notices';
import { drawSignedIn } from '../../test/draw';
import { prepareJsdom } from '../../test/jsdom';
import { PartnerDrawer } from './components/partner-drawer';

/**
 * A partner's tokens and the answers given at chargers about them, in its drawer, drawn in jsdom
 * against a fake server: counts and times, the read on demand for those who may change roaming,
 * its refusal in words, and each answer in words with the charger's verdict coloured.
 */

beforeAll(async () => {
  await prepareJsdom(['roaming']);
});

const PARTNER: RoamingPartner = {
  id: 7,
  operatorId: 1,
  operatorName: 'Voltline İstanbul',
  name: 'Tokens eMSP',
  countryCode: 'NL',
  partyId: 'TOK',
  role: 'EMSP',
  roles: [],
  state: 'registered',
  direction: 'inbound',
  versionsUrl: null,
  version: '2.2.1',
  modules: [],
  publishedOperators: [],
  tariffId: null,
  tariffName: null,
  tokenAExpiresAt: null,
  lastSuccessAt: null,
  lastErrors: [],
  hubClients: [],
  tokens: { count: 42, lastReceivedAt: '2026-11-27T09:00:00.000Z', pulledAt: null },
  createdAt: '2026-11-20T10:00:00.000Z',
  updatedAt: '2026-11-20T10:00:00.000Z',
};

const answer = (over: Partial<RoamingAuthorization>): RoamingAuthorization => ({
  id: 1,
  at: '2026-11-27T12:00:00.000Z',
  tokenUid: 'AA01',
  tokenType: 'RFID',
  chargePointId: 3,
  chargePointIdentity: 'IST-KDK-01',
  chargePointName: 'Kadıköy pier',
  evseUid: null,
  source: 'realtime',
  allowed: 'ALLOWED',
  verdict: 'Accepted',
  authorizationReference: 'REF-1',
  info: null,
  sessionId: 4242,
  ...over,
});

const AUTHORIZATIONS = [
  answer({ id: 3, source: 'whitelist', allowed: 'UNREACHABLE', verdict: 'Accepted', sessionId: null }),
  answer({
    id: 2,
    tokenUid: 'BB02',
    allowed: 'BLOCKED',
    verdict: 'Blocked',
    info: 'Card stolen',
    sessionId: null,
  }),
  answer({ id: 1, source: 'command', allowed: 'NO_CREDIT', verdict: 'NoCredit', sessionId: null }),
];

type Reply = { status: number; data: unknown };
let routes: Record<string, (config: InternalAxiosRequestConfig) => Reply>;
const ok = (data: unknown, message?: string): Reply => ({ status: 200, data: { data, message } });

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

let shown: { kind: string; text: string }[];

beforeEach(() => {
  apiClient.defaults.adapter = adapter;
  shown = [];
  attachNoticeHost({
    success: (text) => shown.push({ kind: 'success', text }),
    warning: (text) => shown.push({ kind: 'warning', text }),
    error: (text) => shown.push({ kind: 'error', text }),
  });
  routes = {
    [`GET ${ROAMING_API.byId(7)}`]: () => ok(PARTNER),
    [`GET ${ROAMING_API.authorizations(7)}`]: () => ok(AUTHORIZATIONS),
    [`GET ${ROAMING_API.partners}`]: () => ok([PARTNER]),
  };
});

afterEach(() => {
  cleanup();
  attachNoticeHost(null);
});

const READ_AND_WRITE: Permission[] = ['roaming:read', 'roaming:write'];
const draw = (permissions: Permission[], canWrite = permissions.includes('roaming:write')) =>
  drawSignedIn(<PartnerDrawer partnerId={7} canWrite={canWrite} onClose={() => undefined} />, permissions);

describe("a partner's tokens and authorizations in its drawer", () => {
  it('shows how many tokens are held and when they were last received and read', async () => {
    draw(['roaming:read']);
    const tokens = await screen.findByTestId('roaming-tokens');
    expect(within(tokens).getByTestId('roaming-tokens-count').textContent).toBe('42');
    expect(tokens.textContent).toContain('Last token received');
    // Never read from the partner: said so.
    expect(tokens.textContent).toContain('Never');
    // Only a user who may change roaming reads the tokens on demand.
    expect(screen.queryByTestId('roaming-fetch-tokens')).toBeNull();
  });

  it("reads the partner's tokens on demand and says how many came, in the server's words", async () => {
    let fetched = 0;
    routes[`POST ${ROAMING_API.fetchTokens(7)}`] = () => {
      fetched += 1;
      return ok(
        { ...PARTNER, tokens: { ...PARTNER.tokens, count: 44 } },
        'Tokens read from the partner: 2 received.',
      );
    };
    draw(READ_AND_WRITE);
    fireEvent.click(await screen.findByTestId('roaming-fetch-tokens'));
    await waitFor(() =>
      expect(shown).toEqual([{ kind: 'success', text: 'Tokens read from the partner: 2 received.' }]),
    );
    expect(fetched).toBe(1);
    expect(screen.queryByTestId('roaming-refusal')).toBeNull();
  });

  it("shows the partner's refusal of the read in words, as an error in the section", async () => {
    const refusal = 'The partner offers no tokens list to read (no tokens SENDER endpoint).';
    routes[`POST ${ROAMING_API.fetchTokens(7)}`] = () => ({ status: 502, data: { error: refusal } });
    draw(READ_AND_WRITE);
    fireEvent.click(await screen.findByTestId('roaming-fetch-tokens'));
    const alert = await screen.findByTestId('roaming-refusal');
    expect(alert.textContent).toContain(refusal);
    expect(alert.className).toContain('ant-alert-error');
    expect(shown.filter((n) => n.kind === 'success')).toEqual([]);
  });

  it("lists each answer in words, with the charger's verdict coloured", async () => {
    draw(['roaming:read']);
    const list = await screen.findByTestId('roaming-authorizations');
    await waitFor(() => expect(within(list).getByTestId('roaming-authorization-verdict-3')).toBeTruthy());
    const rows = list.querySelectorAll('tbody tr.ant-table-row');
    expect(rows).toHaveLength(3);
    expect(rows[0]!.textContent).toContain('Kadıköy pier');
    expect(rows[0]!.textContent).toContain('IST-KDK-01');
    expect(rows[0]!.textContent).toContain('Token list (partner not asked)');
    expect(within(list).getByTestId('roaming-authorization-answer-3').textContent).toBe(
      'Partner not reachable',
    );
    expect(within(list).getByTestId('roaming-authorization-answer-2').textContent).toBe('BlockedCard stolen');
    expect(rows[2]!.textContent).toContain("Partner's start command");

    const verdict = (id: number) => within(list).getByTestId(`roaming-authorization-verdict-${id}`);
    expect(verdict(3).textContent).toBe('Accepted');
    expect(verdict(3).className).toContain('ant-tag-green');
    expect(verdict(2).textContent).toBe('Blocked');
    expect(verdict(2).className).toContain('ant-tag-red');
    expect(verdict(1).textContent).toBe('No credit');
    expect(verdict(1).className).toContain('ant-tag-orange');
  });

  it('says when no token of the partner was presented yet', async () => {
    routes[`GET ${ROAMING_API.authorizations(7)}`] = () => ok([]);
    draw(['roaming:read']);
    const list = await screen.findByTestId('roaming-authorizations');
    await waitFor(() =>
      expect(list.textContent).toContain('No token of this partner has been presented at a charger yet.'),
    );
  });
});
