import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { Received } from '../test-server.js';
import { startCharger201, type SimCharger201 } from './charger.js';
import { TestCsms201 } from './test-server.js';

let csms: TestCsms201;
const stations: SimCharger201[] = [];

beforeAll(async () => {
  csms = await new TestCsms201().start();
});
afterEach(async () => {
  await Promise.all(stations.splice(0).map((c) => c.close()));
  csms.silentTransactionEvents = false;
});
afterAll(async () => {
  await csms.close();
});

const vehicle = { capacityWh: 60_000, soc: 40, targetSoc: 100, maxPowerW: 11_000 };
type Sample = { measurand: string; context: string; value: number };
const samples = (m: Received | undefined) =>
  ((m?.payload.meterValue as Array<{ sampledValue: Sample[] }> | undefined) ?? []).flatMap(
    (v) => v.sampledValue,
  );
const info = (m: Received | undefined) => m?.payload.transactionInfo as Record<string, unknown>;
const events = (id: string) => csms.messages(id, 'TransactionEvent');

async function station(
  id: string,
  extra: Parameters<typeof startCharger201>[0] extends infer O ? Partial<O> : never = {},
) {
  const s = await startCharger201({
    url: csms.url,
    id,
    speed: 20,
    initialEnergyWh: 1000,
    config: { MeterValueSampleInterval: '10' },
    ...extra,
  });
  stations.push(s);
  return s;
}

describe('OCPP 2.0.1 transactions', () => {
  it('E01 card first: Authorize, Started with the idToken and the EVSE, periodic Updated, Ended, seqNo 0, 1, 2...', async () => {
    const s = await station('E01');
    const start = await s.startSession(1, 'CARD-E01', { vehicle: { ...vehicle } });
    expect(start.status).toBe('Accepted');
    expect((await csms.nth('E01', 'Authorize')).payload).toEqual({
      idToken: { idToken: 'CARD-E01', type: 'ISO14443' },
    });
    await csms.nth('E01', 'TransactionEvent', 4, 4000);
    s.stopSession(1);
    const ended = await csms.until(() => events('E01').find((m) => m.payload.eventType === 'Ended'));
    const all = events('E01');
    expect(all.map((m) => m.payload.seqNo)).toEqual(all.map((_, i) => i));
    expect(new Set(all.map((m) => info(m).transactionId))).toEqual(new Set([start.transactionId]));

    const [started, plugged] = all;
    expect(started?.payload).toMatchObject({
      eventType: 'Started',
      triggerReason: 'Authorized',
      idToken: { idToken: 'CARD-E01', type: 'ISO14443' },
      evse: { id: 1, connectorId: 1 },
    });
    expect(samples(started)).toContainEqual(
      expect.objectContaining({
        measurand: 'Energy.Active.Import.Register',
        context: 'Transaction.Begin',
        value: 1000,
      }),
    );
    expect(plugged?.payload).toMatchObject({ eventType: 'Updated', triggerReason: 'CablePluggedIn' });
    const periodic = all.filter((m) => m.payload.triggerReason === 'MeterValuePeriodic');
    expect(periodic.length).toBeGreaterThanOrEqual(1);
    expect(info(periodic[0]).chargingState).toBe('Charging');
    const measurands = samples(periodic[0]).map((v) => [v.measurand, v.context]);
    expect(measurands).toEqual(
      expect.arrayContaining([
        ['Energy.Active.Import.Register', 'Sample.Periodic'],
        ['Power.Active.Import', 'Sample.Periodic'],
        ['SoC', 'Sample.Periodic'],
      ]),
    );
    expect(ended.payload).toMatchObject({
      triggerReason: 'StopAuthorized',
      transactionInfo: { stoppedReason: 'Local' },
    });
    const end = samples(ended).find((v) => v.measurand === 'Energy.Active.Import.Register');
    expect(end?.context).toBe('Transaction.End');
    expect(end?.value).toBeGreaterThan(1000);
    const statuses = await csms.until(() => {
      const m = csms.messages('E01', 'StatusNotification').map((n) => n.payload.connectorStatus);
      return m.length >= 4 && m;
    });
    expect(statuses).toEqual(['Available', 'Available', 'Occupied', 'Available']);
  });

  it('E02 plug-in first: Started on the cable without a token, the idToken on a later Updated', async () => {
    const s = await station('E02', { idTokenType: 'ISO15693' });
    const start = await s.startSession(2, 'CARD-E02', { plugInFirst: true, vehicle: { ...vehicle } });
    expect(start.status).toBe('Accepted');
    await csms.nth('E02', 'TransactionEvent', 3, 4000);
    s.stopSession(2);
    await csms.until(() => events('E02').find((m) => m.payload.eventType === 'Ended'));
    const all = events('E02');
    expect(all.map((m) => m.payload.seqNo)).toEqual(all.map((_, i) => i));
    expect(all[0]?.payload).toMatchObject({
      eventType: 'Started',
      triggerReason: 'CablePluggedIn',
      evse: { id: 2, connectorId: 1 },
      transactionInfo: { chargingState: 'EVConnected' },
    });
    expect(all[0]?.payload.idToken).toBeUndefined();
    expect(all[1]?.payload).toMatchObject({
      eventType: 'Updated',
      triggerReason: 'Authorized',
      idToken: { idToken: 'CARD-E02', type: 'ISO15693' },
      transactionInfo: { transactionId: start.transactionId, chargingState: 'Charging' },
    });
    expect(all.slice(2).every((m) => m.payload.idToken === undefined)).toBe(true);
  });

  it('E12 offline: events queued while offline are replayed in order after reconnecting, marked offline', async () => {
    const s = await station('E12');
    const { transactionId } = await s.startSession(1, 'CARD-E12', { vehicle: { ...vehicle } });
    await csms.nth('E12', 'TransactionEvent', 2);
    await s.disconnect();
    const cut = Date.now();
    await new Promise((resolve) => setTimeout(resolve, 1100));
    s.stopSession(1);
    expect(s.outbox.size).toBeGreaterThanOrEqual(2);
    const before = events('E12').length;
    await s.reconnect();
    await csms.until(() => events('E12').find((m) => m.payload.eventType === 'Ended'), 3000);
    const all = events('E12');
    const happenedOffline = all.filter((m) => Date.parse(String(m.payload.timestamp)) >= cut);
    expect(happenedOffline.length).toBeGreaterThanOrEqual(2);
    expect(happenedOffline.every((m) => m.payload.offline === true && all.indexOf(m) >= before)).toBe(true);
    expect(
      all.filter((m) => !happenedOffline.includes(m)).every((m) => m.payload.offline === undefined),
    ).toBe(true);
    // An event in flight when the link dropped comes again, identical (the CSMS knows it by seqNo).
    const seqNos = all.map((m) => Number(m.payload.seqNo));
    const firsts = [...new Set(seqNos)];
    expect(firsts).toEqual(firsts.map((_, i) => i));
    for (const m of all)
      expect(m.payload).toEqual(all.find((n) => n.payload.seqNo === m.payload.seqNo)?.payload);
    expect(all.every((m) => info(m).transactionId === transactionId)).toBe(true);
    // A network reconnect is not a reboot.
    expect(csms.messages('E12', 'BootNotification')).toHaveLength(1);
  });

  it('E12 no answer: the same TransactionEvent (same seqNo) is sent again, and the next one only after it', async () => {
    csms.silentTransactionEvents = true;
    const s = await station('E12R', {
      callTimeoutMs: 300,
      config: { MeterValueSampleInterval: '10', TransactionMessageRetryInterval: '2' },
    });
    void s.startSession(1, 'CARD-E12R', { vehicle: { ...vehicle } });
    await csms.nth('E12R', 'TransactionEvent', 2, 3000);
    csms.silentTransactionEvents = false;
    await csms.until(() => events('E12R').find((m) => m.payload.seqNo === 1), 3000);
    const all = events('E12R');
    expect(all[0]?.payload).toEqual(all[1]?.payload);
    expect(all[0]?.payload.seqNo).toBe(0);
    const firstOne = all.findIndex((m) => m.payload.seqNo === 1);
    expect(all.slice(0, firstOne).every((m) => m.payload.seqNo === 0)).toBe(true);
  });

  it('E12 lost answer: the Started event is sent again after a reconnect, identical', async () => {
    const s = await station('E12L', {
      resendStartOnReconnect: true,
      reconnectDelay: { initial: 0.1, max: 0.2 },
    });
    const { transactionId } = await s.startSession(1, 'CARD-E12L', { vehicle: { ...vehicle } });
    const starts = await csms.until(() => {
      const m = events('E12L').filter((e) => e.payload.eventType === 'Started');
      return m.length >= 2 && m;
    }, 3000);
    expect(starts[1]?.payload).toEqual(starts[0]?.payload);
    expect(info(starts[0]).transactionId).toBe(transactionId);
  });

  it('E05 refused token: the CSMS answers Invalid in the TransactionEvent, the station ends the transaction DeAuthorized', async () => {
    const s = await station('E05', { config: { MeterValueSampleInterval: '10' } });
    await s.startSession(1, 'CARD-E05', { plugInFirst: true, vehicle: { ...vehicle } });
    csms.rejectTokens.add('CARD-E05B');
    // The station already holds CARD-E05B as Accepted in its local list: it starts without asking.
    await csms.call('E05', 'SendLocalList', {
      versionNumber: 1,
      updateType: 'Full',
      localAuthorizationList: [
        { idToken: { idToken: 'CARD-E05B', type: 'ISO14443' }, idTokenInfo: { status: 'Accepted' } },
      ],
    });
    s.stopSession(1);
    await s.disconnect();
    await s.startSession(2, 'CARD-E05B', { vehicle: { ...vehicle } });
    await s.reconnect();
    const ended = await csms.until(() => events('E05').find((m) => info(m).stoppedReason === 'DeAuthorized'));
    expect(ended.payload.triggerReason).toBe('Deauthorized');
    const started = events('E05').find(
      (m) => m.payload.eventType === 'Started' && info(m).transactionId === info(ended).transactionId,
    );
    expect(started?.payload).toMatchObject({ offline: true, idToken: { idToken: 'CARD-E05B' } });
  });

  it("C09 a card of the starter's group stops the transaction; another card does not", async () => {
    csms.groups.set('CARD-C09A', 'FLEET-C09');
    csms.groups.set('CARD-C09B', 'FLEET-C09');
    const s = await station('C09');
    const { transactionId } = await s.startSession(1, 'CARD-C09A', { vehicle: { ...vehicle } });
    await expect(s.swipe('CARD-C09X', 1)).rejects.toThrow(/cannot start a transaction now/);
    expect(events('C09').some((m) => m.payload.eventType === 'Ended')).toBe(false);
    expect(await s.swipe('CARD-C09B', 1)).toEqual({ status: 'Accepted', transactionId });
    const ended = await csms.until(() => events('C09').find((m) => m.payload.eventType === 'Ended'));
    expect(ended.payload).toMatchObject({
      triggerReason: 'StopAuthorized',
      idToken: { idToken: 'CARD-C09B' },
      transactionInfo: { transactionId, stoppedReason: 'Local' },
    });
  });
});
