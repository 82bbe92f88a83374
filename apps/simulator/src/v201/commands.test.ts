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
});
afterAll(async () => {
  await csms.close();
});

const vehicle = () => ({ capacityWh: 60_000, soc: 40, targetSoc: 100, maxPowerW: 11_000 });
const card = (idToken: string) => ({ idToken, type: 'ISO14443' as const });
const info = (m: Received | undefined) => m?.payload.transactionInfo as Record<string, unknown>;
const events = (id: string) => csms.messages(id, 'TransactionEvent');

async function station(id: string, connectors = 2): Promise<SimCharger201> {
  const s = await startCharger201({
    url: csms.url,
    id,
    connectors,
    speed: 20,
    rebootDelay: 1,
    config: { MeterValueSampleInterval: '10' },
  });
  stations.push(s);
  return s;
}

describe('OCPP 2.0.1 requests from the CSMS', () => {
  it('F01/F02 remote start and stop: the transaction carries remoteStartId, RemoteStart and RemoteStop', async () => {
    const s = await station('F01');
    const answer = await csms.call('F01', 'RequestStartTransaction', {
      remoteStartId: 77,
      evseId: 2,
      idToken: card('APP-1'),
    });
    expect(answer).toEqual({ status: 'Accepted' });
    const started = await csms.nth('F01', 'TransactionEvent');
    expect(started.payload).toMatchObject({
      eventType: 'Started',
      triggerReason: 'RemoteStart',
      seqNo: 0,
      evse: { id: 2, connectorId: 1 },
      idToken: card('APP-1'),
      transactionInfo: { remoteStartId: 77 },
    });
    s.plugIn(2, vehicle());
    const transactionId = String(info(started).transactionId);
    expect(await csms.call('F01', 'RequestStopTransaction', { transactionId: 'no-such-tx' })).toEqual({
      status: 'Rejected',
    });
    expect(await csms.call('F01', 'RequestStopTransaction', { transactionId })).toEqual({
      status: 'Accepted',
    });
    const ended = await csms.until(() => events('F01').find((m) => m.payload.eventType === 'Ended'));
    expect(ended.payload).toMatchObject({
      triggerReason: 'RemoteStop',
      transactionInfo: { transactionId, stoppedReason: 'Remote' },
    });
    await csms.until(() => s.outbox.size === 0);
    expect(await csms.call('F01', 'GetTransactionStatus', { transactionId })).toEqual({
      ongoingIndicator: false,
      messagesInQueue: false,
    });
  });

  it('E14 GetTransactionStatus says truly what is still queued, per transaction and for the station', async () => {
    const s = await station('E14');
    const started = await s.startSession(1, 'E14-CARD', { vehicle: vehicle() });
    const transactionId = started.transactionId!;
    await csms.until(() => s.outbox.size === 0);
    expect(await csms.call('E14', 'GetTransactionStatus', { transactionId })).toEqual({
      ongoingIndicator: true,
      messagesInQueue: false,
    });
    // The CSMS stops answering: the Ended event waits in the station's queue.
    csms.silentTransactionEvents = true;
    try {
      s.stopSession(1);
      await csms.until(() => events('E14').find((m) => m.payload.eventType === 'Ended'));
      expect(await csms.call('E14', 'GetTransactionStatus', { transactionId })).toEqual({
        ongoingIndicator: false,
        messagesInQueue: true,
      });
      expect(await csms.call('E14', 'GetTransactionStatus', {})).toEqual({ messagesInQueue: true });
    } finally {
      csms.silentTransactionEvents = false;
    }
  });

  it('F02 remote start on a plugged-in car: the waiting transaction gets the token and the remoteStartId', async () => {
    const s = await station('F02');
    s.plugIn(1, vehicle());
    const first = await csms.nth('F02', 'TransactionEvent');
    expect(first.payload).toMatchObject({ eventType: 'Started', triggerReason: 'CablePluggedIn' });
    const answer = await csms.call('F02', 'RequestStartTransaction', {
      remoteStartId: 5,
      idToken: card('APP-2'),
    });
    expect(answer).toEqual({ status: 'Accepted', transactionId: info(first).transactionId });
    const second = await csms.nth('F02', 'TransactionEvent', 2);
    expect(second.payload).toMatchObject({
      eventType: 'Updated',
      seqNo: 1,
      triggerReason: 'RemoteStart',
      idToken: card('APP-2'),
      transactionInfo: { remoteStartId: 5, chargingState: 'Charging' },
    });
  });

  it('B11 reset Immediate: transactions end ImmediateReset, the station reconnects and boots with RemoteReset', async () => {
    const s = await station('B11');
    await s.startSession(1, 'CARD-B11', { vehicle: vehicle() });
    expect(await csms.call('B11', 'Reset', { type: 'Immediate' })).toEqual({ status: 'Accepted' });
    const ended = await csms.until(() => events('B11').find((m) => m.payload.eventType === 'Ended'));
    expect(ended.payload).toMatchObject({
      triggerReason: 'ResetCommand',
      transactionInfo: { stoppedReason: 'ImmediateReset' },
    });
    const boot = await csms.nth('B11', 'BootNotification', 2, 3000);
    expect(boot.payload.reason).toBe('RemoteReset');
    await csms.until(() => s.isOnline);
  });

  it('B12 reset OnIdle: Scheduled while charging, the reboot follows the end of the transaction', async () => {
    const s = await station('B12');
    await s.startSession(1, 'CARD-B12', { vehicle: vehicle() });
    expect(await csms.call('B12', 'Reset', { type: 'OnIdle' })).toEqual({ status: 'Scheduled' });
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(csms.messages('B12', 'BootNotification')).toHaveLength(1);
    s.stopSession(1);
    const boot = await csms.nth('B12', 'BootNotification', 2, 3000);
    expect(boot.payload.reason).toBe('RemoteReset');
    const ended = events('B12').find((m) => m.payload.eventType === 'Ended');
    expect(info(ended).stoppedReason).toBe('Local');
  });

  it('F05 unlock connector: Unlocked when free, refused during an authorized transaction, unknown connectors', async () => {
    const s = await station('F05');
    expect(await csms.call('F05', 'UnlockConnector', { evseId: 1, connectorId: 1 })).toEqual({
      status: 'Unlocked',
    });
    expect(await csms.call('F05', 'UnlockConnector', { evseId: 9, connectorId: 1 })).toEqual({
      status: 'UnknownConnector',
    });
    await s.startSession(2, 'CARD-F05', { vehicle: vehicle() });
    expect(await csms.call('F05', 'UnlockConnector', { evseId: 2, connectorId: 1 })).toEqual({
      status: 'OngoingAuthorizedTransaction',
    });
  });

  it('G03 change availability: Unavailable notified, Scheduled during a transaction, Operative again', async () => {
    const s = await station('G03');
    await csms.until(() => csms.messages('G03', 'StatusNotification').length >= 2);
    const statuses = () =>
      csms.messages('G03', 'StatusNotification').map((m) => [m.payload.evseId, m.payload.connectorStatus]);
    expect(
      await csms.call('G03', 'ChangeAvailability', { operationalStatus: 'Inoperative', evse: { id: 1 } }),
    ).toEqual({ status: 'Accepted' });
    await csms.until(() => statuses().some(([e, st]) => e === 1 && st === 'Unavailable'));
    await expect(s.startSession(1, 'CARD-G03')).rejects.toThrow(/Unavailable/);
    expect(csms.messages('G03', 'Authorize')).toHaveLength(0);

    await s.startSession(2, 'CARD-G03', { vehicle: vehicle() });
    expect(await csms.call('G03', 'ChangeAvailability', { operationalStatus: 'Inoperative' })).toEqual({
      status: 'Scheduled',
    });
    s.stopSession(2);
    await csms.until(() => statuses().some(([e, st]) => e === 2 && st === 'Unavailable'));
    expect(await csms.call('G03', 'ChangeAvailability', { operationalStatus: 'Operative' })).toEqual({
      status: 'Accepted',
    });
    await csms.until(() => statuses().filter(([, st]) => st === 'Available').length >= 4);
    expect(s.connectorStatuses).toEqual({ 1: 'Available', 2: 'Available' });
  });

  it('F06 trigger message: StatusNotification, MeterValues and TransactionEvent on request; BootNotification refused once accepted', async () => {
    const s = await station('F06', 1);
    await s.startSession(1, 'CARD-F06', { vehicle: vehicle() });
    const before = csms.messages('F06', 'StatusNotification').length;
    expect(
      await csms.call('F06', 'TriggerMessage', {
        requestedMessage: 'StatusNotification',
        evse: { id: 1, connectorId: 1 },
      }),
    ).toEqual({
      status: 'Accepted',
    });
    await csms.nth('F06', 'StatusNotification', before + 1);
    await csms.call('F06', 'TriggerMessage', { requestedMessage: 'MeterValues' });
    expect((await csms.nth('F06', 'MeterValues')).payload.evseId).toBe(1);
    await csms.call('F06', 'TriggerMessage', { requestedMessage: 'TransactionEvent', evse: { id: 1 } });
    await csms.until(() => events('F06').find((m) => m.payload.triggerReason === 'Trigger'));
    expect(await csms.call('F06', 'TriggerMessage', { requestedMessage: 'BootNotification' })).toEqual({
      status: 'Rejected',
    });
    expect(await csms.call('F06', 'ClearCache', {})).toEqual({ status: 'Accepted' });
  });

  it('D01 local list: SendLocalList full and differential, GetLocalListVersion', async () => {
    const s = await station('D01', 1);
    expect(await csms.call('D01', 'GetLocalListVersion', {})).toEqual({ versionNumber: 0 });
    const list = [{ idToken: card('L1'), idTokenInfo: { status: 'Accepted' as const } }];
    expect(
      await csms.call('D01', 'SendLocalList', {
        versionNumber: 3,
        updateType: 'Full',
        localAuthorizationList: list,
      }),
    ).toEqual({
      status: 'Accepted',
    });
    expect(await csms.call('D01', 'SendLocalList', { versionNumber: 2, updateType: 'Differential' })).toEqual(
      { status: 'VersionMismatch' },
    );
    await csms.call('D01', 'SendLocalList', {
      versionNumber: 4,
      updateType: 'Differential',
      localAuthorizationList: [{ idToken: card('L1') }],
    });
    expect(await csms.call('D01', 'GetLocalListVersion', {})).toEqual({ versionNumber: 4 });
    expect(s.localList.size).toBe(0);
  });

  it('D01 a list in parts: ItemsPerMessage and Entries enforced, a Differential of the same version continues', async () => {
    const s = await startCharger201({
      url: csms.url,
      id: 'D01-PARTS',
      config: { SendLocalListMaxLength: '2', LocalAuthListMaxLength: '3' },
    });
    stations.push(s);
    const entry = (id: string) => ({ idToken: card(id), idTokenInfo: { status: 'Accepted' as const } });
    const send = (versionNumber: number, updateType: 'Full' | 'Differential', ids: string[]) =>
      csms.call('D01-PARTS', 'SendLocalList', {
        versionNumber,
        updateType,
        localAuthorizationList: ids.map(entry),
      });
    await expect(send(1, 'Full', ['A', 'B', 'C'])).rejects.toMatchObject({
      rpcErrorCode: 'OccurrenceConstraintViolation',
    });
    expect(s.localListVersion).toBe(0);
    expect(await send(1, 'Full', ['A', 'B'])).toEqual({ status: 'Accepted' });
    expect(await send(1, 'Differential', ['C'])).toEqual({ status: 'Accepted' });
    expect([...s.localList.keys()].sort()).toEqual(['A', 'B', 'C']);
    // A fourth entry would outgrow what the station holds: Failed, list unchanged.
    expect(await send(1, 'Differential', ['D'])).toEqual({ status: 'Failed' });
    expect(s.localList.size).toBe(3);
    expect(s.model.get('LocalAuthListCtrlr', 'Entries')).toBe('3');
  });
});
