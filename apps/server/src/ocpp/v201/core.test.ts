import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, desc, eq } from 'drizzle-orm';
import {
  auditLogs,
  chargePoints,
  chargerEvents,
  connectors,
  evseConnectors,
  rfidCards,
} from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../../test/helper.js';
import {
  boot,
  boot201,
  connectClient,
  listen,
  nextFrame,
  rawSocket,
  registerChargePoint,
  until,
  type Client,
} from '../../../test/ocpp-helper.js';

let t: TestApp;
let url: string;
const PW = 'charger-secret-0201';
const clients: Client[] = [];

beforeAll(async () => {
  t = await createTestApp();
  url = await listen(t);
  for (const id of ['V2-A', 'V2-B', 'V2-PEND', 'V2-REJ', 'V2-UP', 'V2-TX'])
    await registerChargePoint(t, id, PW);
  await db()
    .update(chargePoints)
    .set({ registrationStatus: 'pending' })
    .where(eq(chargePoints.chargePointId, 'V2-PEND'));
  await db()
    .update(chargePoints)
    .set({ registrationStatus: 'rejected' })
    .where(eq(chargePoints.chargePointId, 'V2-REJ'));
});
afterAll(async () => {
  await Promise.all(clients.map((c) => c.close({ force: true })));
  await t.close();
});

const db = () => t.database.db;
const cpRow = async (id: string) =>
  (await db().select().from(chargePoints).where(eq(chargePoints.chargePointId, id)))[0]!;

async function charger(id: string, protocol: 'ocpp1.6' | 'ocpp2.0.1' = 'ocpp2.0.1') {
  const c = await connectClient(url, id, PW, protocol);
  clients.push(c);
  return c;
}

async function callError(p: Promise<unknown>): Promise<string | undefined> {
  try {
    await p;
    return undefined;
  } catch (err) {
    return (err as { rpcErrorCode?: string }).rpcErrorCode;
  }
}

describe('OCPP 2.0.1 connection and provisioning', () => {
  it('B01 a 2.0.1 charging station boots on the same endpoint and is Accepted with its interval', async () => {
    const c = await charger('V2-A');
    expect(c.protocol).toBe('ocpp2.0.1');
    const answer = (await c.call('BootNotification', boot201)) as { status: string; interval: number };
    expect(answer.status).toBe('Accepted');
    expect(answer.interval).toBeGreaterThan(0);
    const row = await cpRow('V2-A');
    expect(row.ocppProtocol).toBe('ocpp2.0.1');
    expect(row.vendor).toBe('Voltline');
    expect(row.model).toBe('Test 201');
    expect(row.serialNumber).toBe('SN-201');
    expect(row.firmwareVersion).toBe('2.0.1-a');
    expect(row.iccid).toBe('8990011122233344455');
    const hb = (await c.call('Heartbeat', {})) as { currentTime: string };
    expect(Date.parse(hb.currentTime)).not.toBeNaN();
  });

  it('B02 a Pending station may only boot until staff approve it; its next boot is Accepted', async () => {
    const c = await charger('V2-PEND');
    const first = (await c.call('BootNotification', boot201)) as { status: string; interval: number };
    expect(first.status).toBe('Pending');
    expect(first.interval).toBeGreaterThan(0);
    expect(await callError(c.call('Heartbeat', {}))).toBe('SecurityError');
    expect(
      await callError(
        c.call('StatusNotification', {
          timestamp: new Date().toISOString(),
          connectorStatus: 'Available',
          evseId: 1,
          connectorId: 1,
        }),
      ),
    ).toBe('SecurityError');
    await db()
      .update(chargePoints)
      .set({ registrationStatus: 'accepted' })
      .where(eq(chargePoints.chargePointId, 'V2-PEND'));
    const again = (await c.call('BootNotification', boot201)) as { status: string };
    expect(again.status).toBe('Accepted');
    await expect(c.call('Heartbeat', {})).resolves.toHaveProperty('currentTime');
  });

  it('B03 a Rejected station is told so and may send nothing else', async () => {
    const c = await charger('V2-REJ');
    const answer = (await c.call('BootNotification', boot201)) as { status: string; interval: number };
    expect(answer.status).toBe('Rejected');
    expect(await callError(c.call('Heartbeat', {}))).toBe('SecurityError');
  });

  it('a charger upgraded from 1.6 to 2.0.1 keeps its record, and the audit log says so', async () => {
    const old = await charger('V2-UP', 'ocpp1.6');
    await old.call('BootNotification', boot);
    await until(async () => (await cpRow('V2-UP')).connected);
    expect((await cpRow('V2-UP')).ocppProtocol).toBe('ocpp1.6');
    await old.close();
    const upgraded = await charger('V2-UP');
    await upgraded.call('BootNotification', boot201);
    await until(async () => (await cpRow('V2-UP')).ocppProtocol === 'ocpp2.0.1');
    const cp = await cpRow('V2-UP');
    const [line] = await db()
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'changeProtocol'), eq(auditLogs.entityId, String(cp.id))))
      .orderBy(desc(auditLogs.id));
    expect(line?.summary).toMatchObject({ ocppProtocol: ['ocpp1.6', 'ocpp2.0.1'] });
  });

  it('refuses a frame the 2.0.1 schemas do not allow, naming the 2.0.1 error', async () => {
    const ws = await rawSocket(url, 'V2-B', PW, 'ocpp2.0.1');
    const send = async (frame: unknown[]) => {
      const answer = nextFrame(ws);
      ws.send(JSON.stringify(frame));
      return answer;
    };
    // 1.6's shape sent over 2.0.1: the schema refuses it before any handler runs, in 2.0.1's words.
    expect((await send([2, 'a', 'BootNotification', boot]))[2]).toBe('OccurrenceConstraintViolation');
    expect((await send([2, 'b', 'NoSuchAction', {}]))[2]).toBe('NotImplemented');
    expect((await send([2, 'c', 'BootNotification', boot201]))[2]).toMatchObject({ status: 'Accepted' });
    ws.close();
  });
});

describe('OCPP 2.0.1 availability (G)', () => {
  it('G01 a plug status sets its EVSE (the connector) and is kept per plug', async () => {
    const c = clients.find((x) => x.identity === 'V2-A')!;
    const cp = await cpRow('V2-A');
    const now = Date.now();
    const status = (evseId: number, connectorId: number, connectorStatus: string, ms: number) =>
      c.call('StatusNotification', {
        timestamp: new Date(now + ms).toISOString(),
        connectorStatus,
        evseId,
        connectorId,
      });
    await status(1, 1, 'Available', 0);
    await status(1, 2, 'Occupied', 10);
    await status(2, 1, 'Faulted', 20);
    const conn = async (n: number) =>
      (
        await db()
          .select()
          .from(connectors)
          .where(and(eq(connectors.chargePointId, cp.id), eq(connectors.connectorId, n)))
      )[0]!;
    await until(async () => (await conn(2)).status === 'Faulted');
    expect((await conn(1)).status).toBe('Preparing');
    const plugs = await db()
      .select()
      .from(evseConnectors)
      .where(eq(evseConnectors.chargePointId, cp.id))
      .orderBy(evseConnectors.evseId, evseConnectors.connectorId);
    expect(plugs.map((p) => [p.evseId, p.connectorId, p.status])).toEqual([
      [1, 1, 'Available'],
      [1, 2, 'Occupied'],
      [2, 1, 'Faulted'],
    ]);
    // The occupied plug is free again: the EVSE can charge.
    await status(1, 2, 'Available', 30);
    await until(async () => (await conn(1)).status === 'Available');
  });

  it('N07 a raised Problem on an EVSE faults it in words, and every event is stored', async () => {
    const c = clients.find((x) => x.identity === 'V2-A')!;
    const cp = await cpRow('V2-A');
    await c.call('NotifyEvent', {
      generatedAt: new Date().toISOString(),
      seqNo: 0,
      eventData: [
        {
          eventId: 7,
          timestamp: new Date().toISOString(),
          trigger: 'Alerting',
          actualValue: 'true',
          techCode: 'GF-12',
          techInfo: 'Ground fault on plug 1',
          eventNotificationType: 'HardWiredNotification',
          component: { name: 'Connector', evse: { id: 1, connectorId: 1 } },
          variable: { name: 'Problem' },
        },
      ],
    });
    const row = await until(async () => {
      const [r] = await db()
        .select()
        .from(connectors)
        .where(and(eq(connectors.chargePointId, cp.id), eq(connectors.connectorId, 1)));
      return r?.status === 'Faulted' ? r : null;
    });
    expect(row.info).toBe('Ground fault on plug 1');
    expect(row.vendorErrorCode).toBe('GF-12');
    const events = await db()
      .select()
      .from(chargerEvents)
      .where(and(eq(chargerEvents.chargePointId, cp.id), eq(chargerEvents.kind, 'NotifyEvent')));
    expect(events).toHaveLength(1);
  });
});

describe('OCPP 2.0.1 charging state (E)', () => {
  it('E02 an EVSE charges as the events say, also those that no longer name it', async () => {
    const c = await charger('V2-TX');
    await c.call('BootNotification', boot201);
    const cp = await cpRow('V2-TX');
    const status = async () =>
      (
        await db()
          .select()
          .from(connectors)
          .where(and(eq(connectors.chargePointId, cp.id), eq(connectors.connectorId, 2)))
      )[0]!.status;
    const event = (seqNo: number, chargingState: string, evse?: number) =>
      c.call('TransactionEvent', {
        eventType: seqNo === 0 ? 'Started' : 'Updated',
        timestamp: new Date().toISOString(),
        triggerReason: seqNo === 0 ? 'CablePluggedIn' : 'ChargingStateChanged',
        seqNo,
        transactionInfo: { transactionId: 'e02-tx', chargingState },
        ...(evse ? { evse: { id: evse, connectorId: 1 } } : {}),
      });
    // The event after the cable was connected names the EVSE; later ones need not.
    await event(0, 'EVConnected', 2);
    await until(async () => (await status()) === 'Preparing');
    await event(1, 'Charging');
    await until(async () => (await status()) === 'Charging');
    await event(2, 'SuspendedEV');
    await until(async () => (await status()) === 'SuspendedEV');
    // A plug's Occupied report, late or repeated, says less than the events: the EVSE stays as they put it.
    await c.call('StatusNotification', {
      timestamp: new Date().toISOString(),
      connectorStatus: 'Occupied',
      evseId: 2,
      connectorId: 1,
    });
    await c.call('Heartbeat', {});
    expect(await status()).toBe('SuspendedEV');
  });
});

describe('OCPP 2.0.1 authorization (C)', () => {
  it('C01 answers every IdToken type by the network card rules', async () => {
    const c = clients.find((x) => x.identity === 'V2-A')!;
    const auth = async (idToken: string, type: string) =>
      (
        (await c.call('Authorize', { idToken: { idToken, type } })) as {
          idTokenInfo: { status: string; cacheExpiryDateTime?: string };
        }
      ).idTokenInfo;
    const accepted = await auth('DEMO0001', 'ISO14443');
    expect(accepted.status).toBe('Accepted');
    expect(Date.parse(accepted.cacheExpiryDateTime!)).toBeGreaterThan(Date.now());
    for (const type of ['ISO15693', 'eMAID', 'KeyCode', 'Local', 'MacAddress', 'Central']) {
      expect((await auth('DEMO0001', type)).status).toBe('Accepted');
    }
    expect((await auth('', 'NoAuthorization')).status).toBe('Accepted');
    expect((await auth('NO-SUCH-CARD-123', 'ISO14443')).status).toBe('Unknown');
    const [card] = await db().select().from(rfidCards).where(eq(rfidCards.number, 'DEMO0003'));
    await db().update(rfidCards).set({ status: 'blocked' }).where(eq(rfidCards.id, card!.id));
    expect((await auth('DEMO0003', 'ISO14443')).status).toBe('Blocked');
    await db().update(rfidCards).set({ status: card!.status }).where(eq(rfidCards.id, card!.id));
  });
});
