import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startCharger201, type SimCharger201 } from './charger.js';
import { heldAbout, parts, PART_CHARS } from './customer-information.js';
import { TestCsms201 } from './test-server.js';

let csms: TestCsms201;
const stations: SimCharger201[] = [];

beforeAll(async () => {
  csms = await new TestCsms201().start();
  csms.respond('NotifyCustomerInformation', () => ({}));
  csms.respond('CostUpdated', () => ({}));
});
afterEach(async () => {
  await Promise.all(stations.splice(0).map((c) => c.close()));
});
afterAll(async () => {
  await csms.close();
});

async function station(id: string, extra: { rejectCustomerInformation?: boolean } = {}) {
  const s = await startCharger201({ url: csms.url, id, speed: 20, ...extra });
  stations.push(s);
  return s;
}

const card = (idToken: string) => ({ idToken, type: 'ISO14443' as const });
const notices = (id: string) => csms.messages(id, 'NotifyCustomerInformation').map((m) => m.payload);

describe('OCPP 2.0.1 customer information (simulator)', () => {
  it('N09 reports what the station holds about a token: cache, local list and its transactions', async () => {
    const s = await station('N09-SIM');
    await s.sessions.auth.authorize(card('CARD-N09'));
    await csms.call('N09-SIM', 'SendLocalList', {
      versionNumber: 3,
      updateType: 'Full',
      localAuthorizationList: [{ idToken: card('CARD-N09'), idTokenInfo: { status: 'Accepted' } }],
    });
    const answer = await csms.call('N09-SIM', 'CustomerInformation', {
      requestId: 7,
      report: true,
      clear: false,
      idToken: card('CARD-N09'),
    });
    expect(answer.status).toBe('Accepted');
    const [part] = await csms.until(() => notices('N09-SIM').length > 0 && notices('N09-SIM'));
    expect(part).toMatchObject({ requestId: 7, seqNo: 0, tbc: false });
    expect(part?.data).toContain('Authorization cache: CARD-N09 Accepted');
    expect(part?.data).toContain('Local list (version 3): CARD-N09 Accepted');
  });

  it('N09 answers Invalid when the request names no customer', async () => {
    await station('N09-INV');
    const answer = await csms.call('N09-INV', 'CustomerInformation', {
      requestId: 8,
      report: true,
      clear: false,
    });
    expect(answer.status).toBe('Invalid');
  });

  it('N09 a station that will not tell answers Rejected', async () => {
    await station('N09-REJ', { rejectCustomerInformation: true });
    const answer = await csms.call('N09-REJ', 'CustomerInformation', {
      requestId: 9,
      report: true,
      clear: false,
      idToken: card('X'),
    });
    expect(answer.status).toBe('Rejected');
  });

  it('N09 long data goes in parts of at most 512 characters, tbc on all but the last', () => {
    const text = 'x'.repeat(PART_CHARS * 2 + 5);
    const all = parts(text);
    expect(all.map((p) => p.length)).toEqual([PART_CHARS, PART_CHARS, 5]);
    expect(all.join('')).toBe(text);
  });

  it('N10 clear and report: reports what was held, then the cache forgets the token and the local list keeps it', async () => {
    const s = await station('N10-SIM');
    await s.sessions.auth.authorize(card('CARD-N10'));
    s.localList.set('CARD-N10', { status: 'Accepted' });
    const answer = await csms.call('N10-SIM', 'CustomerInformation', {
      requestId: 10,
      report: true,
      clear: true,
      idToken: card('CARD-N10'),
    });
    expect(answer.status).toBe('Accepted');
    const [part] = await csms.until(() => notices('N10-SIM').length > 0 && notices('N10-SIM'));
    expect(part?.data).toContain('Authorization cache: CARD-N10 Accepted');
    expect(s.sessions.auth.cache.has('CARD-N10')).toBe(false);
    expect(heldAbout(s, 'CARD-N10')).toEqual([expect.stringContaining('Local list')]);
  });

  it('N10 clear without report sends no NotifyCustomerInformation', async () => {
    const s = await station('N10-CLR');
    await s.sessions.auth.authorize(card('CARD-CLR'));
    const answer = await csms.call('N10-CLR', 'CustomerInformation', {
      requestId: 11,
      report: false,
      clear: true,
      idToken: card('CARD-CLR'),
    });
    expect(answer.status).toBe('Accepted');
    expect(s.sessions.auth.cache.has('CARD-CLR')).toBe(false);
    // A Heartbeat sent after the answer arrives after anything the request set off.
    await s.send('Heartbeat', {});
    expect(notices('N10-CLR')).toEqual([]);
  });

  it('I02 CostUpdated: the station keeps the last running cost', async () => {
    const s = await station('I02-SIM');
    expect(await csms.call('I02-SIM', 'CostUpdated', { totalCost: 1.25, transactionId: 'tx-1' })).toEqual({});
    expect(s.lastCost).toEqual({ totalCost: 1.25, transactionId: 'tx-1' });
  });
});
