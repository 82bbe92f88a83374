import { createRequire } from 'node:module';
import ocppRpc from 'ocpp-rpc';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../lib/errors.js';
import { translate } from '../../lib/messages.js';
import type { CallTarget } from '../gateway.js';
import { v16CallTarget, v201CallTarget, type V201Lookups } from './commands.js';

const require = createRequire(import.meta.url);
const schemas = ocppRpc.createValidator(
  'ocpp2.0.1',
  require('ocpp-rpc/lib/schemas/ocpp2_0_1.json') as object[],
);
const CP = { id: 7, chargePointId: 'CP-201' };

/** Session 41 is the charger's transaction "tx-41"; no other session is known to it. */
const lookups: V201Lookups = {
  chargerTransactionId: (cp, session) => Promise.resolve(cp === CP.id && session === 41 ? 'tx-41' : null),
  sessionIdOf: (cp, tx) => Promise.resolve(cp === CP.id && tx === 'tx-41' ? 41 : null),
};

/**
 * A 2.0.1 charger that answers `answer` to every CALL. Each CALL it receives and each answer it
 * gives must be valid by the official 2.0.1 schemas.
 */
function charger(answer: unknown) {
  const calls: { action: string; payload: unknown }[] = [];
  const socket: CallTarget = {
    async call(action, payload) {
      // The validator throws the CALLERROR a strict 2.0.1 peer would answer with.
      await schemas.validate(`urn:${action}.req`, payload);
      await schemas.validate(`urn:${action}.conf`, answer);
      calls.push({ action, payload });
      return answer;
    },
    close: () => Promise.resolve(),
  };
  return { target: v201CallTarget(socket, CP, lookups), calls };
}

const schedule = {
  chargingRateUnit: 'A' as const,
  chargingSchedulePeriod: [{ startPeriod: 0, limit: 16, numberPhases: 3 }],
};

describe('transactions', () => {
  it('F01 RequestStartTransaction: a remote start on connector 2 starts on EVSE 2 with a fresh remoteStartId and a 2.0.1 TxProfile', async () => {
    const cp = charger({ status: 'Accepted' });
    const answer = await cp.target.call('RemoteStartTransaction', {
      connectorId: 2,
      idTag: 'CARD-1',
      chargingProfile: {
        chargingProfileId: 9,
        stackLevel: 1,
        chargingProfilePurpose: 'TxProfile',
        chargingProfileKind: 'Relative',
        chargingSchedule: schedule,
      },
    });
    const sent = cp.calls[0]!;
    expect(sent.action).toBe('RequestStartTransaction');
    const remoteStartId = (sent.payload as { remoteStartId: number }).remoteStartId;
    expect(remoteStartId).toBeGreaterThan(0);
    expect(sent.payload).toEqual({
      evseId: 2,
      idToken: { idToken: 'CARD-1', type: 'ISO14443' },
      remoteStartId,
      chargingProfile: {
        id: 9,
        stackLevel: 1,
        chargingProfilePurpose: 'TxProfile',
        chargingProfileKind: 'Relative',
        chargingSchedule: [{ id: 9, ...schedule }],
      },
    });
    expect(answer).toEqual({ status: 'Accepted', remoteStartId });
    await cp.target.call('RemoteStartTransaction', { connectorId: 2, idTag: 'CARD-1' });
    expect((cp.calls[1]!.payload as { remoteStartId: number }).remoteStartId).not.toBe(remoteStartId);
  });

  it('F01 RequestStartTransaction: a charger already charging answers with its transaction id, which the answer keeps', async () => {
    const cp = charger({ status: 'Accepted', transactionId: 'tx-77' });
    const answer = await cp.target.call('RemoteStartTransaction', { idTag: 'CARD-1' });
    expect(cp.calls[0]!.payload).not.toHaveProperty('evseId');
    expect(answer).toMatchObject({ status: 'Accepted', transactionId: 'tx-77' });
  });

  it("F02 RequestStopTransaction: stopping session 41 names the charger's transaction tx-41", async () => {
    const cp = charger({ status: 'Accepted' });
    const answer = await cp.target.call('RemoteStopTransaction', { transactionId: 41 });
    expect(cp.calls).toEqual([{ action: 'RequestStopTransaction', payload: { transactionId: 'tx-41' } }]);
    expect(answer).toMatchObject({ status: 'Accepted' });
  });

  it('F02 RequestStopTransaction: a session the charger never named is Rejected and nothing is sent', async () => {
    const cp = charger({ status: 'Accepted' });
    expect(await cp.target.call('RemoteStopTransaction', { transactionId: 40 })).toEqual({
      status: 'Rejected',
    });
    expect(cp.calls).toEqual([]);
  });
});

describe('station', () => {
  it('B11/B12 Reset: Hard resets Immediately, Soft OnIdle; a Scheduled reset is Accepted and says Scheduled', async () => {
    const cp = charger({ status: 'Scheduled' });
    expect(await cp.target.call('Reset', { type: 'Soft' })).toEqual({
      status: 'Accepted',
      chargerStatus: 'Scheduled',
    });
    await cp.target.call('Reset', { type: 'Hard' });
    expect(cp.calls.map((c) => c.payload)).toEqual([{ type: 'OnIdle' }, { type: 'Immediate' }]);
    expect(await charger({ status: 'Rejected' }).target.call('Reset', { type: 'Hard' })).toEqual({
      status: 'Rejected',
    });
  });

  it('F05 UnlockConnector: connector 3 unlocks plug 1 of EVSE 3; the charger’s own refusal stays in the answer', async () => {
    const cp = charger({ status: 'Unlocked' });
    expect(await cp.target.call('UnlockConnector', { connectorId: 3 })).toEqual({
      status: 'Unlocked',
      chargerStatus: 'Unlocked',
    });
    expect(cp.calls[0]!.payload).toEqual({ evseId: 3, connectorId: 1 });
    const busy = charger({ status: 'OngoingAuthorizedTransaction' });
    expect(await busy.target.call('UnlockConnector', { connectorId: 3 })).toEqual({
      status: 'UnlockFailed',
      chargerStatus: 'OngoingAuthorizedTransaction',
    });
    const unknown = charger({ status: 'UnknownConnector' });
    expect(await unknown.target.call('UnlockConnector', { connectorId: 9 })).toMatchObject({
      status: 'NotSupported',
    });
  });

  it('G03/G04 ChangeAvailability: connector 0 is the whole station, connector 2 is EVSE 2', async () => {
    const cp = charger({ status: 'Scheduled' });
    expect(await cp.target.call('ChangeAvailability', { connectorId: 0, type: 'Inoperative' })).toEqual({
      status: 'Scheduled',
    });
    await cp.target.call('ChangeAvailability', { connectorId: 2, type: 'Operative' });
    expect(cp.calls.map((c) => c.payload)).toEqual([
      { operationalStatus: 'Inoperative' },
      { operationalStatus: 'Operative', evse: { id: 2 } },
    ]);
  });

  it("F06 TriggerMessage: a connector's status is plug 1 of its EVSE; diagnostics status is the log status", async () => {
    const cp = charger({ status: 'Accepted' });
    await cp.target.call('TriggerMessage', { requestedMessage: 'StatusNotification', connectorId: 2 });
    await cp.target.call('TriggerMessage', { requestedMessage: 'MeterValues', connectorId: 1 });
    await cp.target.call('TriggerMessage', { requestedMessage: 'DiagnosticsStatusNotification' });
    await cp.target.call('ExtendedTriggerMessage', { requestedMessage: 'SignChargePointCertificate' });
    expect(cp.calls.map((c) => c.payload)).toEqual([
      { requestedMessage: 'StatusNotification', evse: { id: 2, connectorId: 1 } },
      { requestedMessage: 'MeterValues', evse: { id: 1 } },
      { requestedMessage: 'LogStatusNotification' },
      { requestedMessage: 'SignChargingStationCertificate' },
    ]);
  });

  it('D01 SendLocalList: tags become ISO14443 id tokens with their info; an entry without info removes its tag', async () => {
    const cp = charger({ status: 'Accepted' });
    await cp.target.call('SendLocalList', {
      listVersion: 5,
      updateType: 'Differential',
      localAuthorizationList: [
        {
          idTag: 'CARD-1',
          idTagInfo: { status: 'Accepted', expiryDate: '2027-01-01T00:00:00Z', parentIdTag: 'FLEET' },
        },
        { idTag: 'CARD-2' },
      ],
    });
    expect(cp.calls[0]!.payload).toEqual({
      versionNumber: 5,
      updateType: 'Differential',
      localAuthorizationList: [
        {
          idToken: { idToken: 'CARD-1', type: 'ISO14443' },
          idTokenInfo: {
            status: 'Accepted',
            cacheExpiryDateTime: '2027-01-01T00:00:00Z',
            groupIdToken: { idToken: 'FLEET', type: 'Central' },
          },
        },
        { idToken: { idToken: 'CARD-2', type: 'ISO14443' } },
      ],
    });
  });

  it("D02 GetLocalListVersion answers the list's version as 1.6's listVersion", async () => {
    expect(await charger({ versionNumber: 5 }).target.call('GetLocalListVersion', {})).toEqual({
      listVersion: 5,
    });
  });

  it('H01 ReserveNow: connector 2 reserves EVSE 2, connector 0 the station; the parent tag is the group token', async () => {
    const cp = charger({ status: 'Accepted' });
    const reservation = { expiryDate: '2027-01-01T10:00:00Z', idTag: 'CARD-1', reservationId: 12 };
    await cp.target.call('ReserveNow', { ...reservation, connectorId: 2, parentIdTag: 'FLEET' });
    await cp.target.call('ReserveNow', { ...reservation, connectorId: 0 });
    const token = { idToken: 'CARD-1', type: 'ISO14443' };
    expect(cp.calls.map((c) => c.payload)).toEqual([
      {
        id: 12,
        expiryDateTime: reservation.expiryDate,
        idToken: token,
        evseId: 2,
        groupIdToken: { idToken: 'FLEET', type: 'Central' },
      },
      { id: 12, expiryDateTime: reservation.expiryDate, idToken: token },
    ]);
  });

  it('H02 CancelReservation, C11 ClearCache and P01 DataTransfer go as they are', async () => {
    const cp = charger({ status: 'Accepted' });
    await cp.target.call('CancelReservation', { reservationId: 12 });
    await cp.target.call('ClearCache', {});
    await cp.target.call('DataTransfer', { vendorId: 'com.voltline', messageId: 'ping', data: 'x' });
    expect(cp.calls).toEqual([
      { action: 'CancelReservation', payload: { reservationId: 12 } },
      { action: 'ClearCache', payload: {} },
      { action: 'DataTransfer', payload: { vendorId: 'com.voltline', messageId: 'ping', data: 'x' } },
    ]);
  });
});

describe('configuration', () => {
  it('B06 GetVariables via GetConfiguration: 1.6 keys and Component.Variable read their variables; the rest is unknown', async () => {
    const cp = charger({
      getVariableResult: [
        {
          attributeStatus: 'Accepted',
          attributeValue: '300',
          component: { name: 'OCPPCommCtrlr' },
          variable: { name: 'HeartbeatInterval' },
        },
        {
          attributeStatus: 'UnknownVariable',
          component: { name: 'TxCtrlr' },
          variable: { name: 'Nope' },
        },
      ],
    });
    const answer = await cp.target.call('GetConfiguration', {
      key: ['heartbeatinterval', 'TxCtrlr.Nope', 'MinimumStatusDuration'],
    });
    expect(cp.calls[0]).toEqual({
      action: 'GetVariables',
      payload: {
        getVariableData: [
          { component: { name: 'OCPPCommCtrlr' }, variable: { name: 'HeartbeatInterval' } },
          { component: { name: 'TxCtrlr' }, variable: { name: 'Nope' } },
        ],
      },
    });
    expect(answer).toEqual({
      configurationKey: [{ key: 'heartbeatinterval', readonly: false, value: '300' }],
      unknownKey: ['MinimumStatusDuration', 'TxCtrlr.Nope'],
    });
  });

  it('B06 GetVariables via GetConfiguration without keys asks for the standard variables, never the password', async () => {
    const cp = charger({
      getVariableResult: [
        {
          attributeStatus: 'Accepted',
          attributeValue: '300',
          component: { name: 'OCPPCommCtrlr' },
          variable: { name: 'HeartbeatInterval' },
        },
      ],
    });
    // Asked for as "all", what the charger does not have is left out rather than called unknown.
    expect(await cp.target.call('GetConfiguration', {})).toEqual({
      configurationKey: [{ key: 'HeartbeatInterval', readonly: false, value: '300' }],
    });
    const asked = (
      cp.calls[0]!.payload as { getVariableData: { variable: { name: string; instance?: string } }[] }
    ).getVariableData;
    expect(asked).toContainEqual(
      expect.objectContaining({ variable: { name: 'MessageAttempts', instance: 'TransactionEvent' } }),
    );
    expect(asked.map((d) => d.variable.name)).not.toContain('BasicAuthPassword');
  });

  it('B05 SetVariables via ChangeConfiguration: MeterValueSampleInterval sets the sampled-data interval; RebootRequired stays', async () => {
    const cp = charger({
      setVariableResult: [
        {
          attributeStatus: 'RebootRequired',
          component: { name: 'SampledDataCtrlr' },
          variable: { name: 'TxUpdatedInterval' },
        },
      ],
    });
    const answer = await cp.target.call('ChangeConfiguration', {
      key: 'MeterValueSampleInterval',
      value: '60',
    });
    expect(cp.calls[0]!.payload).toEqual({
      setVariableData: [
        {
          component: { name: 'SampledDataCtrlr' },
          variable: { name: 'TxUpdatedInterval' },
          attributeValue: '60',
        },
      ],
    });
    expect(answer).toEqual({ status: 'RebootRequired', chargerStatus: 'RebootRequired' });
  });

  it('B05 SetVariables via ChangeConfiguration: an unknown variable is NotSupported; a key 2.0.1 lacks is refused unsent', async () => {
    const cp = charger({
      setVariableResult: [
        { attributeStatus: 'UnknownVariable', component: { name: 'X' }, variable: { name: 'Y' } },
      ],
    });
    expect(await cp.target.call('ChangeConfiguration', { key: 'X.Y', value: '1' })).toMatchObject({
      status: 'NotSupported',
    });
    const refused = cp.target.call('ChangeConfiguration', { key: 'MinimumStatusDuration', value: '1' });
    await expect(refused).rejects.toMatchObject({ status: 409, key: 'ocpp.notSupported' });
    expect(cp.calls).toHaveLength(1);
  });

  it("A01 BasicAuthPassword: the AuthorizationKey's hexadecimal becomes the password as text", async () => {
    const cp = charger({
      setVariableResult: [
        {
          attributeStatus: 'Accepted',
          component: { name: 'SecurityCtrlr' },
          variable: { name: 'BasicAuthPassword' },
        },
      ],
    });
    const password = 'n3w-Secret-Pass-0001';
    const answer = await cp.target.call('ChangeConfiguration', {
      key: 'AuthorizationKey',
      value: Buffer.from(password).toString('hex'),
    });
    expect(cp.calls[0]!.payload).toEqual({
      setVariableData: [
        {
          component: { name: 'SecurityCtrlr' },
          variable: { name: 'BasicAuthPassword' },
          attributeValue: password,
        },
      ],
    });
    expect(answer).toMatchObject({ status: 'Accepted' });
  });
});

describe('smart charging', () => {
  const profile = {
    chargingProfileId: 3,
    stackLevel: 0,
    chargingProfileKind: 'Absolute' as const,
    chargingSchedule: { ...schedule, startSchedule: '2027-01-01T00:00:00Z', duration: 3600 },
  };

  it("K01 SetChargingProfile: a TxProfile for session 41 names the charger's transaction; a station maximum goes to EVSE 0", async () => {
    const cp = charger({ status: 'Accepted' });
    await cp.target.call('SetChargingProfile', {
      connectorId: 1,
      csChargingProfiles: { ...profile, chargingProfilePurpose: 'TxProfile', transactionId: 41 },
    });
    await cp.target.call('SetChargingProfile', {
      connectorId: 0,
      csChargingProfiles: {
        ...profile,
        chargingProfilePurpose: 'ChargePointMaxProfile',
        recurrencyKind: 'Daily',
      },
    });
    const [tx, max] = cp.calls.map(
      (c) => c.payload as { evseId: number; chargingProfile: Record<string, unknown> },
    );
    expect(tx).toMatchObject({
      evseId: 1,
      chargingProfile: { id: 3, chargingProfilePurpose: 'TxProfile', transactionId: 'tx-41' },
    });
    expect(max).toMatchObject({
      evseId: 0,
      chargingProfile: { chargingProfilePurpose: 'ChargingStationMaxProfile', recurrencyKind: 'Daily' },
    });
    expect(max!.chargingProfile.chargingSchedule).toEqual([{ id: 3, ...profile.chargingSchedule }]);
  });

  it('K01 SetChargingProfile: a TxProfile for a session the charger never named is Rejected unsent', async () => {
    const cp = charger({ status: 'Accepted' });
    const answer = await cp.target.call('SetChargingProfile', {
      connectorId: 1,
      csChargingProfiles: { ...profile, chargingProfilePurpose: 'TxProfile', transactionId: 40 },
    });
    expect(answer).toEqual({ status: 'Rejected' });
    expect(cp.calls).toEqual([]);
  });

  it('K10 ClearChargingProfile: by id, or by EVSE, purpose and stack level', async () => {
    const cp = charger({ status: 'Unknown' });
    expect(await cp.target.call('ClearChargingProfile', { id: 3 })).toEqual({ status: 'Unknown' });
    await cp.target.call('ClearChargingProfile', {
      connectorId: 0,
      chargingProfilePurpose: 'ChargePointMaxProfile',
      stackLevel: 1,
    });
    expect(cp.calls.map((c) => c.payload)).toEqual([
      { chargingProfileId: 3 },
      {
        chargingProfileCriteria: {
          evseId: 0,
          chargingProfilePurpose: 'ChargingStationMaxProfile',
          stackLevel: 1,
        },
      },
    ]);
  });

  it("K08 GetCompositeSchedule: EVSE 2's schedule comes back as 1.6's chargingSchedule", async () => {
    const cp = charger({
      status: 'Accepted',
      schedule: {
        evseId: 2,
        duration: 600,
        scheduleStart: '2027-01-01T00:00:00Z',
        chargingRateUnit: 'W',
        chargingSchedulePeriod: [{ startPeriod: 0, limit: 7400, phaseToUse: 1 }],
      },
    });
    const answer = await cp.target.call('GetCompositeSchedule', {
      connectorId: 2,
      duration: 600,
      chargingRateUnit: 'W',
    });
    expect(cp.calls[0]!.payload).toEqual({ evseId: 2, duration: 600, chargingRateUnit: 'W' });
    expect(answer).toEqual({
      status: 'Accepted',
      connectorId: 2,
      scheduleStart: '2027-01-01T00:00:00Z',
      chargingSchedule: {
        duration: 600,
        startSchedule: '2027-01-01T00:00:00Z',
        chargingRateUnit: 'W',
        chargingSchedulePeriod: [{ startPeriod: 0, limit: 7400 }],
      },
    });
  });
});

describe('firmware, logs and certificates', () => {
  it('L01 UpdateFirmware: the image and retrieve time under a fresh requestId, which the answer keeps with the status', async () => {
    const cp = charger({ status: 'Rejected' });
    const answer = await cp.target.call('UpdateFirmware', {
      location: 'https://cs.example/fw.bin',
      retrieveDate: '2027-01-01T00:00:00Z',
      retries: 2,
    });
    const sent = cp.calls[0]!.payload as { requestId: number };
    expect(sent).toEqual({
      requestId: sent.requestId,
      firmware: { location: 'https://cs.example/fw.bin', retrieveDateTime: '2027-01-01T00:00:00Z' },
      retries: 2,
    });
    expect(answer).toEqual({ status: 'Rejected', requestId: sent.requestId });
  });

  it("N01 GetLog via GetDiagnostics: the diagnostics log over the asked period; the file's name comes back as fileName", async () => {
    const cp = charger({ status: 'Accepted', filename: 'diag.zip' });
    const answer = await cp.target.call('GetDiagnostics', {
      location: 'ftp://cs.example/up/',
      startTime: '2026-12-01T00:00:00Z',
    });
    const sent = cp.calls[0]!;
    expect(sent.action).toBe('GetLog');
    const requestId = (sent.payload as { requestId: number }).requestId;
    expect(sent.payload).toEqual({
      logType: 'DiagnosticsLog',
      requestId,
      log: { remoteLocation: 'ftp://cs.example/up/', oldestTimestamp: '2026-12-01T00:00:00Z' },
    });
    expect(answer).toEqual({ status: 'Accepted', requestId, fileName: 'diag.zip' });
  });

  it("M03/M05 certificates: the central system's root is the CSMS root; installed ids come back as 1.6's hashes", async () => {
    const hash = { hashAlgorithm: 'SHA256', issuerNameHash: 'aa', issuerKeyHash: 'bb', serialNumber: '01' };
    const cp = charger({
      status: 'Accepted',
      certificateHashDataChain: [{ certificateType: 'CSMSRootCertificate', certificateHashData: hash }],
    });
    const answer = await cp.target.call('GetInstalledCertificateIds', {
      certificateType: 'CentralSystemRootCertificate',
    });
    expect(cp.calls[0]!.payload).toEqual({ certificateType: ['CSMSRootCertificate'] });
    expect(answer).toEqual({ status: 'Accepted', certificateHashData: [hash] });
    const install = charger({ status: 'Accepted' });
    await install.target.call('InstallCertificate', {
      certificateType: 'CentralSystemRootCertificate',
      certificate: 'PEM',
    });
    expect(install.calls[0]!.payload).toEqual({ certificateType: 'CSMSRootCertificate', certificate: 'PEM' });
  });
});

describe('what a protocol cannot say', () => {
  it("B05 SetVariables and 2.0.1's other own actions reach a 2.0.1 charger unchanged", async () => {
    const cp = charger({ status: 'Accepted' });
    const request = { reportBase: 'FullInventory', requestId: 4 };
    expect(await cp.target.call('GetBaseReport', request)).toEqual({ status: 'Accepted' });
    expect(cp.calls).toEqual([{ action: 'GetBaseReport', payload: request }]);
  });

  it('refuses a command 2.0.1 has no meaning for before sending anything, in words', async () => {
    const cp = charger({ status: 'Accepted' });
    const err = await cp.target.call('ChangeSomething', {}).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(AppError);
    expect(err).toMatchObject({
      status: 409,
      key: 'ocpp.notSupported',
      params: { chargePointId: 'CP-201', action: 'ChangeSomething' },
    });
    expect(cp.calls).toEqual([]);
    const { key, params } = err as AppError;
    expect(translate('en', key, params)).toContain('does not support ChangeSomething');
    expect(translate('tr', key, params)).toContain('ChangeSomething komutunu desteklemiyor');
  });

  it('a 1.6 charger is never sent a 2.0.1 CALL: GetBaseReport is refused, its own commands go through', async () => {
    const calls: string[] = [];
    const socket: CallTarget = {
      call: (action) => {
        calls.push(action);
        return Promise.resolve({ status: 'Accepted' });
      },
      close: () => Promise.resolve(),
    };
    const target = v16CallTarget(socket, { chargePointId: 'CP-16' });
    await expect(
      target.call('GetBaseReport', { reportBase: 'FullInventory', requestId: 1 }),
    ).rejects.toMatchObject({
      key: 'ocpp.notSupported',
      params: { chargePointId: 'CP-16', action: 'GetBaseReport' },
    });
    expect(await target.call('Reset', { type: 'Soft' })).toEqual({ status: 'Accepted' });
    expect(calls).toEqual(['Reset']);
  });
});
