import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq } from 'drizzle-orm';
import { startCharger201, type SimCharger201 } from '@voltline/simulator';
import { chargePoints, chargingSessions, commandRecords, connectors } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../../test/helper.js';
import { listen, registerChargePoint, until } from '../../../test/ocpp-helper.js';

// The network's remote commands, sent by the same API the portal uses, reach a simulated OCPP 2.0.1
// charging station as 2.0.1 CALLs; its answers come back in the same words as a 1.6 charger's.

let t: TestApp;
let url: string;
let sim: SimCharger201;
let admin: string;
let istanbul: string;
const PW = 'charger-secret-0201c';

type Answer = { data: Record<string, unknown>; message?: string; refused?: boolean; error?: string };

beforeAll(async () => {
  // The tests poll the API while a station reports (every 50 ms): no rate limit of a person's pace.
  t = await createTestApp({ OCPP_CALL_TIMEOUT_SECONDS: '3', RATE_LIMIT_PER_MINUTE: '100000' });
  url = await listen(t);
  await registerChargePoint(t, 'SIM201-1', PW);
  await registerChargePoint(t, 'SIM201-ANK', PW, 'Voltline Ankara');
  sim = await startCharger201({ url, id: 'SIM201-1', password: PW, rebootDelay: 0.2, idTags: ['DEMO0001'] });
  await until(async () => {
    const [cp] = await t.database.db
      .select()
      .from(chargePoints)
      .where(eq(chargePoints.chargePointId, 'SIM201-1'));
    return cp?.connected && cp.ocppProtocol === 'ocpp2.0.1';
  });
  admin = await t.login('admin@voltline.local');
  istanbul = await t.login('istanbul@voltline.local');
});
afterAll(async () => {
  await sim.close();
  await t.close();
});

const send = (command: string, body: Record<string, unknown>, token = admin) =>
  t.call<Answer>('POST', `/api/ocpp/RemoteTrigger/${command}`, { token, body });

const connector = async (n: number) => {
  const [cp] = await t.database.db
    .select()
    .from(chargePoints)
    .where(eq(chargePoints.chargePointId, 'SIM201-1'));
  const [c] = await t.database.db
    .select()
    .from(connectors)
    .where(and(eq(connectors.chargePointId, cp!.id), eq(connectors.connectorId, n)));
  return c;
};

describe('OCPP 2.0.1 remote commands through the API', () => {
  it('F01/F02 starts a session remotely, tied to the request by its remoteStartId, and stops it', async () => {
    const start = await send('startTransaction', {
      chargePointId: 'SIM201-1',
      idTag: 'DEMO0001',
      connectorId: 1,
    });
    expect(start.status).toBe(200);
    expect(start.body.data).toMatchObject({ status: 'Accepted' });
    expect(start.body.refused).toBeUndefined();
    const remoteStartId = start.body.data.remoteStartId as number;
    expect(remoteStartId).toBeGreaterThan(0);
    const session = await until(async () => {
      const [s] = await t.database.db
        .select()
        .from(chargingSessions)
        .where(and(eq(chargingSessions.idTag, 'DEMO0001'), eq(chargingSessions.state, 'active')));
      return s;
    });
    expect(session.remoteStartId).toBe(remoteStartId);
    expect(session.chargerTransactionId).toBeTruthy();
    expect(session.connectorId).toBe(1);
    // The session id is what staff and the API name it by, whatever the charger calls it.
    const stop = await send('stopTransaction', { chargePointId: 'SIM201-1', transactionId: session.id });
    expect(stop.body.data).toMatchObject({ status: 'Accepted' });
    const done = await until(async () => {
      const [s] = await t.database.db
        .select()
        .from(chargingSessions)
        .where(eq(chargingSessions.id, session.id));
      return s?.state === 'completed' ? s : null;
    });
    expect(done.stopReason).toBe('Remote');
    expect(done.energyWh).toBeGreaterThanOrEqual(0);
  });

  it('F02 refuses to stop a session the charger never named, without calling it', async () => {
    const stop = await send('stopTransaction', { chargePointId: 'SIM201-1', transactionId: 999999 });
    expect(stop.body.data).toMatchObject({ status: 'Rejected' });
    expect(stop.body.refused).toBe(true);
  });

  it('F05 unlocks the EVSE’s connector', async () => {
    const unlock = await send('unLockConnector', { chargePointId: 'SIM201-1', connectorId: 1 });
    expect(unlock.body.data).toMatchObject({ status: 'Unlocked' });
  });

  it('G03/G04 makes an EVSE unavailable and available again; its state follows', async () => {
    const off = await send('changeAvailability', {
      chargePointId: 'SIM201-1',
      connectorId: 1,
      type: 'Inoperative',
    });
    expect(off.body.data).toMatchObject({ status: 'Accepted' });
    await until(async () => (await connector(1))?.status === 'Unavailable');
    const on = await send('changeAvailability', {
      chargePointId: 'SIM201-1',
      connectorId: 1,
      type: 'Operative',
    });
    expect(on.body.data).toMatchObject({ status: 'Accepted' });
    await until(async () => (await connector(1))?.status === 'Available');
  });

  it('B04 an EVSE that faults while the station is offline shows Faulted once it is back, Available when cleared', async () => {
    const online = async () =>
      (await t.database.db.select().from(chargePoints).where(eq(chargePoints.chargePointId, 'SIM201-1')))[0]
        ?.connected;
    await until(async () => (await connector(2))?.status === 'Available');
    await sim.disconnect();
    await until(async () => ((await online()) ? null : true));
    sim.fault(2);
    // Nothing reached Voltline while the station was away.
    expect((await connector(2))?.status).toBe('Available');
    await sim.reconnect();
    await until(async () => (await connector(2))?.status === 'Faulted');
    expect(await online()).toBe(true);
    sim.clearFault(2);
    await until(async () => (await connector(2))?.status === 'Available');
  });

  it('F06 triggers a heartbeat and a status report', async () => {
    const hb = await send('triggerMessage', { chargePointId: 'SIM201-1', requestedMessage: 'Heartbeat' });
    expect(hb.body.data).toMatchObject({ status: 'Accepted' });
    const st = await send('triggerMessage', {
      chargePointId: 'SIM201-1',
      requestedMessage: 'StatusNotification',
      connectorId: 1,
    });
    expect(st.body.data).toMatchObject({ status: 'Accepted' });
  });

  it('B11/B12 resets the station, which boots again', async () => {
    const booted = new Promise((resolve) => sim.once('booted', resolve));
    const reset = await send('reset', { chargePointId: 'SIM201-1', type: 'Soft' });
    expect(reset.body.data).toMatchObject({ status: 'Accepted' });
    await booted;
    await until(async () => {
      const [cp] = await t.database.db
        .select()
        .from(chargePoints)
        .where(eq(chargePoints.chargePointId, 'SIM201-1'));
      return cp?.connected;
    });
  });

  it('B05/B06 reads and changes configuration through the device model', async () => {
    const read = await send('getConfiguration', { chargePointId: 'SIM201-1', key: ['HeartbeatInterval'] });
    expect(read.status).toBe(200);
    expect(JSON.stringify(read.body.data)).toContain('HeartbeatInterval');
    const change = await send('changeConfiguration', {
      chargePointId: 'SIM201-1',
      key: 'HeartbeatInterval',
      value: '120',
    });
    expect(change.body.data).toMatchObject({ status: 'Accepted' });
  });

  it('B07 the station reports its device model on its first acceptance; staff read it and B05 change a variable', async () => {
    const [cp] = await t.database.db
      .select()
      .from(chargePoints)
      .where(eq(chargePoints.chargePointId, 'SIM201-1'));
    type Model = {
      variables: {
        component: { name: string };
        variable: { name: string };
        attributes: { value: string | null; mutability: string }[];
      }[];
    };
    const model = await until(async () => {
      const res = await t.call<{ data: Model }>('GET', `/api/portal/ChargePoint/${cp!.id}/DeviceModel`, {
        token: admin,
      });
      return res.status === 200 && res.body.data.variables.length > 5 ? res.body.data : null;
    });
    const hb = model.variables.find(
      (v) => v.component.name === 'OCPPCommCtrlr' && v.variable.name === 'HeartbeatInterval',
    );
    expect(hb?.attributes[0]?.mutability).toBe('ReadWrite');
    const set = await t.call<{ data: { results: { status: string }[] }; refused?: boolean }>(
      'POST',
      `/api/portal/ChargePoint/${cp!.id}/DeviceModel/setVariables`,
      {
        token: admin,
        body: {
          items: [
            { component: { name: 'OCPPCommCtrlr' }, variable: { name: 'HeartbeatInterval' }, value: '300' },
          ],
        },
      },
    );
    expect(set.status).toBe(200);
    expect(set.body.data.results[0]?.status).toBe('Accepted');
    expect(set.body.refused).toBeUndefined();
  });

  it('B08 a custom report by criterion and by component updates only what it names; nothing matching is said so', async () => {
    const [cp] = await t.database.db
      .select()
      .from(chargePoints)
      .where(eq(chargePoints.chargePointId, 'SIM201-1'));
    const url = `/api/portal/ChargePoint/${cp!.id}/DeviceModel`;
    type Answer201 = { data: { status: string }; refused?: boolean; message: string };
    // The station's heartbeat interval changes behind Voltline's back (another tool, say).
    await t.call('POST', `${url}/setVariables`, {
      token: admin,
      body: {
        items: [
          { component: { name: 'OCPPCommCtrlr' }, variable: { name: 'HeartbeatInterval' }, value: '240' },
        ],
      },
    });
    const asked = await t.call<Answer201>('POST', `${url}/report`, {
      token: admin,
      body: { components: [{ name: 'OCPPCommCtrlr', variable: 'HeartbeatInterval' }] },
    });
    expect(asked.status).toBe(200);
    expect(asked.body.data.status).toBe('Accepted');
    expect(asked.body.message).toBe(
      'The charge point will send the variables asked for; the model updates when they arrive.',
    );
    type Model = {
      variables: { component: { name: string }; variable: { name: string } }[];
      awaitingReport: boolean;
    };
    const model = await until(async () => {
      const res = await t.call<{ data: Model }>('GET', url, { token: admin });
      return res.body.data.awaitingReport ? null : res.body.data;
    });
    // The rest of the model stays: a custom report merges.
    expect(model.variables.length).toBeGreaterThan(5);
    const byCriterion = await t.call<Answer201>('POST', `${url}/report`, {
      token: admin,
      body: { componentCriteria: ['Enabled'] },
    });
    expect(byCriterion.body.data.status).toBe('Accepted');
    const none = await t.call<Answer201>('POST', `${url}/report`, {
      token: admin,
      body: { components: [{ name: 'NoSuchCtrlr' }] },
      headers: { 'accept-language': 'tr' },
    });
    expect(none.body.refused).toBe(true);
    expect(none.body.data.status).toBe('EmptyResultSet');
    expect(none.body.message).toBe('Şarj istasyonunda bunlara uyan bileşen ya da değişken yok.');
    const empty = await t.call<{ error: string }>('POST', `${url}/report`, { token: admin, body: {} });
    expect(empty.status).toBe(400);
    expect(empty.body.error).toBe('Choose at least one criterion or component.');
    const recorded = await t.database.db
      .select({ payload: commandRecords.request })
      .from(commandRecords)
      .where(and(eq(commandRecords.chargePointId, cp!.id), eq(commandRecords.action, 'GetReport')));
    expect(recorded.map((r) => r.payload)).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ componentCriteria: ['Enabled'] }),
        expect.objectContaining({
          componentVariable: [
            { component: { name: 'OCPPCommCtrlr' }, variable: { name: 'HeartbeatInterval' } },
          ],
        }),
      ]),
    );
  });

  it('keeps another operator’s staff away from the charger', async () => {
    const res = await send('reset', { chargePointId: 'SIM201-ANK', type: 'Soft' }, istanbul);
    expect(res.status).toBe(404);
  });
});
