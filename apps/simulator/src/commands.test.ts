import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startCharger, type SimCharger, type SimChargerOptions } from './index.js';
import { TestCentralSystem } from './test-server.js';

let cs: TestCentralSystem;
const chargers: SimCharger[] = [];

beforeAll(async () => {
  cs = await new TestCentralSystem().start();
});
afterEach(async () => {
  await Promise.all(chargers.splice(0).map((c) => c.close()));
});
afterAll(async () => {
  await cs.close();
});

async function charger(id: string, options: Partial<SimChargerOptions> = {}) {
  const c = await startCharger({ url: cs.url, id, rebootDelay: 0.2, ...options });
  chargers.push(c);
  // Ready once the connectors have reported after boot (charge point + each connector).
  await cs.until(
    () => cs.messages(id, 'StatusNotification').length >= c.connectors.length + 1,
    2000,
    `${id} ready`,
  );
  return c;
}

describe('Reset', () => {
  it('stops the running session, reconnects and boots again', async () => {
    const c = await charger('CP-RESET');
    const { transactionId } = await c.startSession(1, 'TAG-R');
    const calls: string[] = [];
    c.on('call', (call) => calls.push(call.action));
    expect(await cs.call('CP-RESET', 'Reset', { type: 'Soft' })).toEqual({ status: 'Accepted' });
    expect(calls).toEqual(['Reset']);
    const stop = await cs.nth('CP-RESET', 'StopTransaction');
    expect(stop.payload).toMatchObject({ transactionId, reason: 'SoftReset' });
    const secondBoot = await cs.nth('CP-RESET', 'BootNotification', 2, 3000);
    expect(secondBoot.at).toBeGreaterThan(stop.at);
    expect(cs.handshakes.filter((h) => h.identity === 'CP-RESET')).toHaveLength(2);
    await cs.until(() => c.bootState === 'Accepted' && c.isOnline, 2000, 'online again');
    expect(c.activeTransactions).toEqual({});
  });
});

describe('configuration', () => {
  it('reports its keys with readonly flags and lists unknown keys', async () => {
    await charger('CP-CONF');
    const all = await cs.call('CP-CONF', 'GetConfiguration', {});
    const keys = new Map(all.configurationKey?.map((k) => [k.key, k]));
    for (const key of [
      'HeartbeatInterval',
      'MeterValueSampleInterval',
      'ConnectionTimeOut',
      'AuthorizeRemoteTxRequests',
      'LocalAuthorizeOffline',
      'MeterValuesSampledData',
      'ClockAlignedDataInterval',
      'StopTransactionOnEVSideDisconnect',
    ]) {
      expect(keys.get(key)?.readonly).toBe(false);
    }
    expect(keys.get('NumberOfConnectors')).toEqual({ key: 'NumberOfConnectors', readonly: true, value: '2' });
    expect(keys.get('SupportedFeatureProfiles')?.readonly).toBe(true);
    expect(keys.get('ChargeProfileMaxStackLevel')?.readonly).toBe(true);
    const some = await cs.call('CP-CONF', 'GetConfiguration', { key: ['HeartbeatInterval', 'NoSuchKey'] });
    expect(some.configurationKey?.map((k) => k.key)).toEqual(['HeartbeatInterval']);
    expect(some.unknownKey).toEqual(['NoSuchKey']);
  });

  it('accepts, rejects and refuses changes like a real charger and applies HeartbeatInterval at once', async () => {
    const c = await charger('CP-CHANGE');
    const change = (key: string, value: string) =>
      cs.call('CP-CHANGE', 'ChangeConfiguration', { key, value });
    expect(await change('NumberOfConnectors', '4')).toEqual({ status: 'Rejected' });
    expect(await change('NoSuchKey', '1')).toEqual({ status: 'NotSupported' });
    expect(await change('HeartbeatInterval', 'soon')).toEqual({ status: 'Rejected' });
    expect(await change('WebSocketPingInterval', '30')).toEqual({ status: 'RebootRequired' });
    expect(await change('MeterValueSampleInterval', '15')).toEqual({ status: 'Accepted' });
    expect(c.configuration.MeterValueSampleInterval).toBe('15');
    const before = cs.messages('CP-CHANGE', 'Heartbeat').length;
    expect(await change('HeartbeatInterval', '1')).toEqual({ status: 'Accepted' });
    await cs.nth('CP-CHANGE', 'Heartbeat', before + 1, 2500);
  });
});

describe('remote start and stop', () => {
  it('RemoteStartTransaction authorizes and starts; RemoteStopTransaction stops with reason Remote', async () => {
    const c = await charger('CP-REMOTE');
    const res = await cs.call('CP-REMOTE', 'RemoteStartTransaction', { idTag: 'TAG-RS', connectorId: 2 });
    expect(res).toEqual({ status: 'Accepted' });
    const authorize = await cs.nth('CP-REMOTE', 'Authorize');
    const start = await cs.nth('CP-REMOTE', 'StartTransaction');
    expect(authorize.at).toBeLessThanOrEqual(start.at);
    expect(start.payload).toMatchObject({ connectorId: 2, idTag: 'TAG-RS' });
    const transactionId = await cs.until(() => c.activeTransactions[2]);
    expect(await cs.call('CP-REMOTE', 'RemoteStopTransaction', { transactionId: 999_999 })).toEqual({
      status: 'Rejected',
    });
    expect(await cs.call('CP-REMOTE', 'RemoteStopTransaction', { transactionId })).toEqual({
      status: 'Accepted',
    });
    const stop = await cs.nth('CP-REMOTE', 'StopTransaction');
    expect(stop.payload).toMatchObject({ transactionId, reason: 'Remote' });
  });

  it('skips Authorize when AuthorizeRemoteTxRequests is false and rejects a busy connector', async () => {
    await charger('CP-NOAUTH', { config: { AuthorizeRemoteTxRequests: 'false' } });
    await cs.call('CP-NOAUTH', 'RemoteStartTransaction', { idTag: 'TAG-NA', connectorId: 1 });
    await cs.nth('CP-NOAUTH', 'StartTransaction');
    expect(cs.messages('CP-NOAUTH', 'Authorize')).toHaveLength(0);
    const busy = await cs.call('CP-NOAUTH', 'RemoteStartTransaction', { idTag: 'TAG-NA', connectorId: 1 });
    expect(busy).toEqual({ status: 'Rejected' });
  });

  it('honours the charging profile sent with RemoteStartTransaction', async () => {
    const c = await charger('CP-PROFILE', { config: { AuthorizeRemoteTxRequests: 'false' } });
    await cs.call('CP-PROFILE', 'RemoteStartTransaction', {
      idTag: 'TAG-P',
      connectorId: 1,
      chargingProfile: {
        chargingProfileId: 7,
        stackLevel: 1,
        chargingProfilePurpose: 'TxProfile',
        chargingProfileKind: 'Relative',
        chargingSchedule: {
          chargingRateUnit: 'W',
          chargingSchedulePeriod: [{ startPeriod: 0, limit: 3000 }],
        },
      },
    });
    await cs.nth('CP-PROFILE', 'StartTransaction');
    const composite = await cs.call('CP-PROFILE', 'GetCompositeSchedule', { connectorId: 1, duration: 600 });
    expect(composite.status).toBe('Accepted');
    expect(composite.chargingSchedule?.chargingSchedulePeriod[0]?.limit).toBe(3000);
    expect(c.profiles.limitW(1, new Date(), c.connector(1)?.transaction?.startedAt)).toBe(3000);
  });

  it('the power of a remote-started session follows its TxProfile, which ends with the transaction', async () => {
    const c = await charger('CP-TXPOWER', { speed: 20, config: { MeterValueSampleInterval: '10' } });
    // A car that would take 11 kW; the profile allows 10 A on three phases (6.9 kW).
    c.plugIn(1, { capacityWh: 80_000, soc: 20, maxPowerW: 11_000, targetSoc: 100 });
    const accepted = await cs.call('CP-TXPOWER', 'RemoteStartTransaction', {
      idTag: 'TAG-TX',
      connectorId: 1,
      chargingProfile: {
        chargingProfileId: 8,
        stackLevel: 0,
        chargingProfilePurpose: 'TxProfile',
        chargingProfileKind: 'Relative',
        chargingSchedule: { chargingRateUnit: 'A', chargingSchedulePeriod: [{ startPeriod: 0, limit: 10 }] },
      },
    });
    expect(accepted).toEqual({ status: 'Accepted' });
    // Past the 30-second ramp (simulated), the power sits at the limit.
    const sample = await cs.nth('CP-TXPOWER', 'MeterValues', 5, 5000);
    const power = (
      sample.payload.meterValue as Array<{ sampledValue: Array<Record<string, string>> }>
    )[0]?.sampledValue.find((s) => s.measurand === 'Power.Active.Import')?.value;
    expect(Number(power)).toBe(6900);
    expect(c.meterValues[1]?.powerW).toBe(6900);
    c.stopSession(1);
    await cs.nth('CP-TXPOWER', 'StopTransaction');
    expect(c.profiles.all).toHaveLength(0);
  });

  it('refuses a RemoteStartTransaction whose profile is not a TxProfile, names a transaction, or is too high a stack', async () => {
    const c = await charger('CP-BADPROFILE');
    const profile = {
      chargingProfileId: 9,
      stackLevel: 0,
      chargingProfilePurpose: 'TxProfile' as const,
      chargingProfileKind: 'Relative' as const,
      chargingSchedule: {
        chargingRateUnit: 'W' as const,
        chargingSchedulePeriod: [{ startPeriod: 0, limit: 1000 }],
      },
    };
    for (const chargingProfile of [
      { ...profile, chargingProfilePurpose: 'TxDefaultProfile' as const },
      { ...profile, transactionId: 5 },
      { ...profile, stackLevel: 11 },
    ]) {
      expect(
        await cs.call('CP-BADPROFILE', 'RemoteStartTransaction', {
          idTag: 'TAG-X',
          connectorId: 1,
          chargingProfile,
        }),
      ).toEqual({ status: 'Rejected' });
    }
    expect(c.activeTransactions).toEqual({});
  });

  it('a TxProfile of a remote start that Authorize refuses is not left behind', async () => {
    cs.rejectIdTags.add('TAG-NO');
    const c = await charger('CP-NOPROFILE');
    await cs.call('CP-NOPROFILE', 'RemoteStartTransaction', {
      idTag: 'TAG-NO',
      connectorId: 1,
      chargingProfile: {
        chargingProfileId: 10,
        stackLevel: 0,
        chargingProfilePurpose: 'TxProfile',
        chargingProfileKind: 'Relative',
        chargingSchedule: { chargingRateUnit: 'W', chargingSchedulePeriod: [{ startPeriod: 0, limit: 500 }] },
      },
    });
    await cs.nth('CP-NOPROFILE', 'Authorize');
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(cs.messages('CP-NOPROFILE', 'StartTransaction')).toHaveLength(0);
    expect(c.profiles.all).toHaveLength(0);
  });
});

describe('other commands', () => {
  it('TriggerMessage sends what was asked and refuses what it does not know', async () => {
    await charger('CP-TRIGGER');
    const before = cs.messages('CP-TRIGGER', 'StatusNotification').length;
    const status = await cs.call('CP-TRIGGER', 'TriggerMessage', {
      requestedMessage: 'StatusNotification',
      connectorId: 2,
    });
    expect(status).toEqual({ status: 'Accepted' });
    const sent = await cs.nth('CP-TRIGGER', 'StatusNotification', before + 1);
    expect(sent.payload.connectorId).toBe(2);
    await cs.call('CP-TRIGGER', 'TriggerMessage', { requestedMessage: 'Heartbeat' });
    await cs.nth('CP-TRIGGER', 'Heartbeat');
    await cs.call('CP-TRIGGER', 'TriggerMessage', { requestedMessage: 'FirmwareStatusNotification' });
    expect((await cs.nth('CP-TRIGGER', 'FirmwareStatusNotification')).payload).toEqual({ status: 'Idle' });
    await cs.call('CP-TRIGGER', 'TriggerMessage', { requestedMessage: 'MeterValues', connectorId: 1 });
    expect((await cs.nth('CP-TRIGGER', 'MeterValues')).payload.connectorId).toBe(1);
    await cs.call('CP-TRIGGER', 'TriggerMessage', { requestedMessage: 'BootNotification' });
    await cs.nth('CP-TRIGGER', 'BootNotification', 2);
    const bad = await cs.call('CP-TRIGGER', 'TriggerMessage', {
      requestedMessage: 'Heartbeat',
      connectorId: 9,
    });
    expect(bad).toEqual({ status: 'Rejected' });
  });

  it('answers the security edition NotImplemented when built without it, as many chargers are', async () => {
    await charger('CP-NI', { securityEdition: false });
    const client = cs.clients.get('CP-NI');
    await expect(
      client?.call('GetInstalledCertificateIds', { certificateType: 'CentralSystemRootCertificate' }),
    ).rejects.toMatchObject({
      rpcErrorCode: 'NotImplemented',
    });
  });

  it('rejects a CertificateSigned for a key it never asked a certificate for', async () => {
    await charger('CP-CERT');
    const client = cs.clients.get('CP-CERT');
    await expect(client?.call('CertificateSigned', { certificateChain: 'x' })).resolves.toEqual({
      status: 'Rejected',
    });
  });

  it('reserves a connector until cancelled, and refuses a second reservation', async () => {
    const c = await charger('CP-RESERVE');
    const expiryDate = new Date(Date.now() + 60_000).toISOString();
    const reserve = (reservationId: number, connectorId: number) =>
      cs.call('CP-RESERVE', 'ReserveNow', { connectorId, expiryDate, idTag: 'TAG-RES', reservationId });
    expect(await reserve(1, 1)).toEqual({ status: 'Accepted' });
    await cs.until(() => c.connectorStatuses[1] === 'Reserved');
    expect(await reserve(2, 1)).toEqual({ status: 'Occupied' });
    expect(await reserve(3, 0)).toEqual({ status: 'Rejected' });
    expect(await cs.call('CP-RESERVE', 'CancelReservation', { reservationId: 99 })).toEqual({
      status: 'Rejected',
    });
    expect(await cs.call('CP-RESERVE', 'CancelReservation', { reservationId: 1 })).toEqual({
      status: 'Accepted',
    });
    await cs.until(() => c.connectorStatuses[1] === 'Available');
  });

  it('ChangeAvailability makes a connector Unavailable, or Scheduled while it charges', async () => {
    const c = await charger('CP-AVAIL');
    await c.startSession(1, 'TAG-A');
    expect(await cs.call('CP-AVAIL', 'ChangeAvailability', { connectorId: 2, type: 'Inoperative' })).toEqual({
      status: 'Accepted',
    });
    await cs.until(() => c.connectorStatuses[2] === 'Unavailable');
    expect(await cs.call('CP-AVAIL', 'ChangeAvailability', { connectorId: 1, type: 'Inoperative' })).toEqual({
      status: 'Scheduled',
    });
    c.stopSession(1);
    await cs.until(() => c.connectorStatuses[1] === 'Unavailable', 3000, 'connector 1 Unavailable');
  });

  it('UnlockConnector stops the session with reason UnlockCommand', async () => {
    const c = await charger('CP-UNLOCK');
    await c.startSession(2, 'TAG-U');
    expect(await cs.call('CP-UNLOCK', 'UnlockConnector', { connectorId: 2 })).toEqual({ status: 'Unlocked' });
    expect((await cs.nth('CP-UNLOCK', 'StopTransaction')).payload.reason).toBe('UnlockCommand');
    expect(await cs.call('CP-UNLOCK', 'UnlockConnector', { connectorId: 5 })).toEqual({
      status: 'NotSupported',
    });
    await cs.until(() => c.connectorStatuses[2] === 'Available', 3000, 'Available');
  });

  it('keeps a local list, clears its cache and knows its own vendor in DataTransfer', async () => {
    await charger('CP-LIST', { vendor: 'Voltline' });
    expect(await cs.call('CP-LIST', 'GetLocalListVersion', {})).toEqual({ listVersion: 0 });
    const sent = await cs.call('CP-LIST', 'SendLocalList', {
      listVersion: 3,
      updateType: 'Full',
      localAuthorizationList: [{ idTag: 'LOCAL-1', idTagInfo: { status: 'Accepted' } }],
    });
    expect(sent).toEqual({ status: 'Accepted' });
    expect(await cs.call('CP-LIST', 'GetLocalListVersion', {})).toEqual({ listVersion: 3 });
    const stale = await cs.call('CP-LIST', 'SendLocalList', { listVersion: 2, updateType: 'Differential' });
    expect(stale).toEqual({ status: 'VersionMismatch' });
    expect(await cs.call('CP-LIST', 'ClearCache', {})).toEqual({ status: 'Accepted' });
    expect(await cs.call('CP-LIST', 'DataTransfer', { vendorId: 'Other' })).toEqual({
      status: 'UnknownVendorId',
    });
    expect(await cs.call('CP-LIST', 'DataTransfer', { vendorId: 'Voltline', data: 'ping' })).toEqual({
      status: 'Accepted',
      data: 'ping',
    });
  });

  it("SendLocalList: Differential adds and removes, needs the list's version or a newer one; Full replaces and needs idTagInfo", async () => {
    const c = await charger('CP-LIST2', { config: { LocalAuthListMaxLength: '3' } });
    const send = (req: Parameters<typeof cs.call<'SendLocalList'>>[2]) =>
      cs.call('CP-LIST2', 'SendLocalList', req);
    const accepted = { status: 'Accepted' as const };
    expect(
      await send({
        listVersion: 1,
        updateType: 'Full',
        localAuthorizationList: [
          { idTag: 'A', idTagInfo: accepted },
          { idTag: 'B', idTagInfo: { status: 'Blocked' } },
        ],
      }),
    ).toEqual({ status: 'Accepted' });
    expect(
      await send({
        listVersion: 2,
        updateType: 'Differential',
        localAuthorizationList: [{ idTag: 'B' }, { idTag: 'C', idTagInfo: accepted }],
      }),
    ).toEqual({ status: 'Accepted' });
    expect(c.localAuth.lookup('B')).toBeUndefined();
    expect(c.localAuth.lookup('C')).toEqual(accepted);
    expect(await cs.call('CP-LIST2', 'GetLocalListVersion', {})).toEqual({ listVersion: 2 });
    // Older than the list: VersionMismatch, list unchanged.
    expect(
      await send({ listVersion: 1, updateType: 'Differential', localAuthorizationList: [{ idTag: 'A' }] }),
    ).toEqual({ status: 'VersionMismatch' });
    expect(c.localAuth.lookup('A')).toEqual(accepted);
    // The list's own version: a later message of the same list, applied.
    expect(
      await send({ listVersion: 2, updateType: 'Differential', localAuthorizationList: [{ idTag: 'C' }] }),
    ).toEqual({ status: 'Accepted' });
    expect(c.localAuth.lookup('C')).toBeUndefined();
    await send({
      listVersion: 2,
      updateType: 'Differential',
      localAuthorizationList: [{ idTag: 'C', idTagInfo: accepted }],
    });
    // More than LocalAuthListMaxLength, or a Full entry without idTagInfo: Failed, list unchanged.
    const many = ['D', 'E'].map((idTag) => ({ idTag, idTagInfo: accepted }));
    expect(await send({ listVersion: 3, updateType: 'Differential', localAuthorizationList: many })).toEqual({
      status: 'Failed',
    });
    expect(
      await send({ listVersion: 3, updateType: 'Full', localAuthorizationList: [{ idTag: 'A' }] }),
    ).toEqual({
      status: 'Failed',
    });
    expect(await cs.call('CP-LIST2', 'GetLocalListVersion', {})).toEqual({ listVersion: 2 });
    // An empty list is version 0.
    expect(await send({ listVersion: 4, updateType: 'Full', localAuthorizationList: [] })).toEqual({
      status: 'Accepted',
    });
    expect(await cs.call('CP-LIST2', 'GetLocalListVersion', {})).toEqual({ listVersion: 0 });
  });

  it('a charger without a local list answers NotSupported and version -1', async () => {
    await charger('CP-NOLIST', { config: { LocalAuthListEnabled: 'false' } });
    expect(await cs.call('CP-NOLIST', 'GetLocalListVersion', {})).toEqual({ listVersion: -1 });
    expect(await cs.call('CP-NOLIST', 'SendLocalList', { listVersion: 1, updateType: 'Full' })).toEqual({
      status: 'NotSupported',
    });
  });

  it('the local list authorizes while offline, and an expired entry does not', async () => {
    const c = await charger('CP-OFFLIST');
    await cs.call('CP-OFFLIST', 'SendLocalList', {
      listVersion: 1,
      updateType: 'Full',
      localAuthorizationList: [
        { idTag: 'GOOD', idTagInfo: { status: 'Accepted' } },
        {
          idTag: 'OLD',
          idTagInfo: { status: 'Accepted', expiryDate: new Date(Date.now() - 1000).toISOString() },
        },
      ],
    });
    await c.disconnect();
    expect((await c.startSession(1, 'OLD')).status).toBe('Expired');
    expect(await c.startSession(1, 'GOOD')).toEqual({ status: 'Accepted' });
  });

  it('DataTransfer: unknown vendor, unknown messageId, and the Echo message', async () => {
    await charger('CP-DT', { vendor: 'Voltline' });
    expect(
      await cs.call('CP-DT', 'DataTransfer', { vendorId: 'Voltline', messageId: 'Nope', data: 'x' }),
    ).toEqual({
      status: 'UnknownMessageId',
    });
    expect(
      await cs.call('CP-DT', 'DataTransfer', { vendorId: 'Voltline', messageId: 'Echo', data: 'x' }),
    ).toEqual({
      status: 'Accepted',
      data: 'x',
    });
    expect(await cs.call('CP-DT', 'DataTransfer', { vendorId: 'Other', messageId: 'Echo' })).toEqual({
      status: 'UnknownVendorId',
    });
  });

  it('stores and clears charging profiles that limit the power', async () => {
    const c = await charger('CP-SMART');
    const res = await cs.call('CP-SMART', 'SetChargingProfile', {
      connectorId: 0,
      csChargingProfiles: {
        chargingProfileId: 1,
        stackLevel: 0,
        chargingProfilePurpose: 'ChargePointMaxProfile',
        chargingProfileKind: 'Absolute',
        chargingSchedule: {
          chargingRateUnit: 'A',
          startSchedule: new Date(Date.now() - 1000).toISOString(),
          chargingSchedulePeriod: [{ startPeriod: 0, limit: 10 }],
        },
      },
    });
    expect(res).toEqual({ status: 'Accepted' });
    expect(c.profiles.limitW(1, new Date())).toBe(6900);
    const tooHigh = await cs.call('CP-SMART', 'SetChargingProfile', {
      connectorId: 1,
      csChargingProfiles: {
        chargingProfileId: 2,
        stackLevel: 50,
        chargingProfilePurpose: 'TxDefaultProfile',
        chargingProfileKind: 'Relative',
        chargingSchedule: {
          chargingRateUnit: 'W',
          chargingSchedulePeriod: [{ startPeriod: 0, limit: 1000 }],
        },
      },
    });
    expect(tooHigh).toEqual({ status: 'Rejected' });
    expect(await cs.call('CP-SMART', 'ClearChargingProfile', { id: 1 })).toEqual({ status: 'Accepted' });
    expect(await cs.call('CP-SMART', 'ClearChargingProfile', { id: 1 })).toEqual({ status: 'Unknown' });
    expect(c.profiles.limitW(1, new Date())).toBe(Infinity);
  });
});
