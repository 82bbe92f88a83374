import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { startCharger, type SimCharger } from '@voltline/simulator';
import { COMMAND_NAMES, can, permissionsForCommand, type CommandName, type Role } from '@voltline/contract';
import { chargingSessions } from '../../db/schema/index.js';
import { rpcError } from '../../ocpp/rpc-error.js';
import { CS_ROOT } from '../../../test/certificates.js';
import { createTestApp, type TestApp } from '../../../test/helper.js';
import { connectClient, listen, registerChargePoint, until, type Client } from '../../../test/ocpp-helper.js';

let t: TestApp;
let url: string;
let sim: SimCharger;
let admin: string;
let istanbul: string;
let safety: string;
let finance: string;
const PW = 'charger-secret-0002';
const others: Client[] = [];

type Answer = { data: Record<string, unknown>; message?: string; refused?: boolean; error?: string };

beforeAll(async () => {
  t = await createTestApp({ OCPP_CALL_TIMEOUT_SECONDS: '1' });
  url = await listen(t);
  await registerChargePoint(t, 'SIM-1', PW);
  await registerChargePoint(t, 'SILENT-1', PW);
  await registerChargePoint(t, 'ANK-1', PW, 'Voltline Ankara');
  sim = await startCharger({ url, id: 'SIM-1', password: PW, rebootDelay: 0.2, idTags: ['DEMO0001'] });
  admin = await t.login('admin@voltline.local');
  istanbul = await t.login('istanbul@voltline.local');
  safety = await t.login('safety@voltline.local');
  finance = await t.login('finance@voltline.local');
});
afterAll(async () => {
  await sim.close();
  await Promise.all(others.map((c) => c.close({ force: true })));
  await t.close();
});

const send = (command: string, body: Record<string, unknown>, token = admin) =>
  t.call<Answer>('POST', `/api/ocpp/RemoteTrigger/${command}`, { token, body });

describe('remote commands against a simulated charger', () => {
  it('reads and changes configuration with the charger answer', async () => {
    const read = await send('getConfiguration', {
      chargePointId: 'SIM-1',
      key: ['HeartbeatInterval', 'NoSuchKey'],
    });
    expect(read.status).toBe(200);
    expect(read.body.data).toMatchObject({ unknownKey: ['NoSuchKey'] });
    const change = await send('changeConfiguration', {
      chargePointId: 'SIM-1',
      key: 'MeterValueSampleInterval',
      value: '15',
    });
    expect(change.body).toMatchObject({
      data: { status: 'Accepted' },
      message: 'The charge point answered: Accepted',
    });
    expect(change.body.refused).toBeUndefined();
    expect(sim.config.get('MeterValueSampleInterval')).toBe('15');
    const readonly = await send('changeConfiguration', {
      chargePointId: 'SIM-1',
      key: 'NumberOfConnectors',
      value: '9',
    });
    expect(readonly.body.data).toEqual({ status: 'Rejected' });
    // A refusal is said and flagged as one, so the portal never shows it with a success icon.
    expect(readonly.body).toMatchObject({ message: 'The charge point refused: Rejected', refused: true });
  });

  it('starts and stops a session remotely; the session lands in the database', async () => {
    const start = await send('startTransaction', {
      chargePointId: 'SIM-1',
      idTag: 'DEMO0001',
      connectorId: 1,
    });
    expect(start.body.data).toEqual({ status: 'Accepted' });
    const session = await until(async () => {
      const [s] = await t.database.db
        .select()
        .from(chargingSessions)
        .where(eq(chargingSessions.idTag, 'DEMO0001'));
      return s;
    });
    expect(session.state).toBe('active');
    const stop = await send('stopTransaction', { chargePointId: 'SIM-1', transactionId: session.id });
    expect(stop.body.data).toEqual({ status: 'Accepted' });
    await until(async () => {
      const [s] = await t.database.db
        .select()
        .from(chargingSessions)
        .where(eq(chargingSessions.id, session.id));
      return s?.state === 'completed' && s.stopReason === 'Remote';
    });
  });

  it('sends updateFirmware without a retrieve date as "now", which the charger accepts', async () => {
    // OCPP 1.6 requires retrieveDate; the portal may leave it out. Port 9 refuses the download at once.
    const res = await send('updateFirmware', {
      chargePointId: 'SIM-1',
      location: 'http://127.0.0.1:9/fw.bin',
    });
    expect(res.status).toBe(200);
    expect(res.body.data).toEqual({});
  });

  it('resets the charger, which reboots and boots again', async () => {
    const booted = new Promise((resolve) => sim.once('booted', resolve));
    const reset = await send('reset', { chargePointId: 'SIM-1', type: 'Soft' }, safety);
    expect(reset.body.data).toEqual({ status: 'Accepted' });
    await booted;
    await until(() => Promise.resolve(sim.isOnline));
    const trigger = await send('triggerMessage', { chargePointId: 'SIM-1', requestedMessage: 'Heartbeat' });
    expect(trigger.body.data).toEqual({ status: 'Accepted' });
  });

  it('sets and clears a charging profile, and the portal sees what is in force', async () => {
    const profile = {
      chargingProfileId: 7,
      stackLevel: 1,
      chargingProfilePurpose: 'TxDefaultProfile',
      chargingProfileKind: 'Absolute',
      chargingSchedule: { chargingRateUnit: 'A', chargingSchedulePeriod: [{ startPeriod: 0, limit: 16 }] },
    };
    const set = await send('setChargingProfile', {
      chargePointId: 'SIM-1',
      connectorId: 1,
      csChargingProfiles: profile,
    });
    expect(set.body.data).toEqual({ status: 'Accepted' });
    const inForce = await t.call<{ data: { profileId: number; chargingRateUnit: string }[] }>(
      'GET',
      '/api/portal/Profile/SIM-1',
      {
        token: admin,
      },
    );
    expect(inForce.body.data).toMatchObject([{ profileId: 7, chargingRateUnit: 'A' }]);
    const clear = await send('clearChargingProfile', { chargePointId: 'SIM-1', id: 7 });
    expect(clear.body.data).toEqual({ status: 'Accepted' });
    const after = await t.call<{ data: unknown[] }>('GET', '/api/portal/Profile/SIM-1', { token: admin });
    expect(after.body.data).toEqual([]);
  });

  it('audits each command with its answer', async () => {
    const me = await t.call<{ data: { id: number } }>('GET', '/api/portal/Auth/me', { token: admin });
    const log = await t.call<{
      data: { items: { action: string; entityId: string; summary: Record<string, unknown> }[] };
    }>('POST', `/api/portal/AuditLogs/GetUserAuditLogsDynamic/${me.body.data.id}?index=0&size=50`, {
      token: admin,
      body: { entity: 'chargePoint' },
    });
    const changes = log.body.data.items.filter((l) => l.action === 'command.changeConfiguration');
    expect(changes.map((c) => [c.entityId, c.summary.answer])).toEqual([
      ['SIM-1', 'Rejected'],
      ['SIM-1', 'Accepted'],
    ]);
  });
});

describe('command failures', () => {
  it('says when the charger is not connected', async () => {
    const r = await send('clearCache', { chargePointId: 'ANK-1' });
    expect(r.status).toBe(409);
    expect(r.body.error).toBe('Charge point ANK-1 is not connected.');
  });

  it('says when the charger does not answer in time', async () => {
    const silent = await connectClient(url, 'SILENT-1', PW);
    others.push(silent);
    silent.handle('ClearCache', () => new Promise(() => undefined));
    silent.handle('Reset', () => {
      throw rpcError('InternalError', 'relay stuck');
    });
    const late = await send('clearCache', { chargePointId: 'SILENT-1' });
    expect(late.status).toBe(409);
    expect(late.body.error).toBe('Charge point SILENT-1 did not answer ClearCache in time.');
    const refused = await send('reset', { chargePointId: 'SILENT-1', type: 'Hard' });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toMatch(/^Charge point SILENT-1 could not carry out Reset: InternalError/);
  });

  it('keeps chargers of other branches out of reach and checks the permission', async () => {
    expect((await send('clearCache', { chargePointId: 'ANK-1' }, istanbul)).status).toBe(404);
    expect((await send('clearCache', { chargePointId: 'SIM-1' }, finance)).status).toBe(403);
    const bad = await send('reset', { chargePointId: 'SIM-1', type: 'Medium' });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({ details: [{ field: 'body.type' }] });
  });
});

describe('OCPP message log', () => {
  it('lists frames with filters and pairs each CALL with its answer', async () => {
    await until(async () => {
      const r = await t.call<{ data: { total: number } }>(
        'GET',
        '/api/messageTrace/OcppLogs/getLogs?ChargePointId=SIM-1&Types=BootNotification',
        { token: admin },
      );
      return r.body.data.total >= 2;
    });
    const pairs = await t.call<{
      data: {
        items: {
          request: { action: string; direction: string };
          response: { messageType: string; responseTimeMs: number } | null;
        }[];
      };
    }>(
      'GET',
      '/api/messageTrace/OcppLogs/getLogsRequestResponse?ChargePointId=SIM-1&Types=ChangeConfiguration&index=0&size=10',
      { token: admin },
    );
    expect(pairs.body.data.items.length).toBe(2);
    for (const p of pairs.body.data.items) {
      expect(p.request).toMatchObject({ action: 'ChangeConfiguration', direction: 'out' });
      expect(p.response?.messageType).toBe('CALLRESULT');
      expect(p.response?.responseTimeMs).toBeGreaterThanOrEqual(0);
    }
    // The log is written in batches, a moment after the frames.
    const errors = await until(async () => {
      const r = await t.call<{ data: { items: { messageType: string; chargePointId: string }[] } }>(
        'GET',
        '/api/messageTrace/OcppLogs/getLogs?Types=CALLERROR',
        { token: admin },
      );
      return r.body.data.items.length > 0 ? r.body.data.items : undefined;
    });
    expect(errors.map((e) => e.chargePointId)).toContain('SILENT-1');
  });

  it('shows a branch only its own chargers and refuses roles without logs', async () => {
    const mine = await t.call<{ data: { items: { chargePointId: string }[] } }>(
      'GET',
      '/api/messageTrace/OcppLogs/getLogs?size=100',
      { token: istanbul },
    );
    expect(mine.body.data.items.length).toBeGreaterThan(0);
    expect(mine.body.data.items.every((i) => i.chargePointId !== 'ANK-1')).toBe(true);
    expect((await t.call('GET', '/api/messageTrace/OcppLogs/getLogs', { token: finance })).status).toBe(403);
  });
});

describe('who may send which command', () => {
  const PEM = '-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----';
  const at = new Date(Date.now() + 3_600_000).toISOString();
  const profile = {
    chargingProfileId: 1,
    stackLevel: 0,
    chargingProfilePurpose: 'TxProfile',
    chargingProfileKind: 'Relative',
    chargingSchedule: { chargingRateUnit: 'A', chargingSchedulePeriod: [{ startPeriod: 0, limit: 16 }] },
  };
  /** A valid body of every command, for a charger that is registered but not connected. */
  const bodies: Record<CommandName, Record<string, unknown>> = {
    triggerMessage: { requestedMessage: 'Heartbeat' },
    unLockConnector: { connectorId: 1 },
    reset: { type: 'Soft' },
    startTransaction: { idTag: 'DEMO0001', connectorId: 1 },
    stopTransaction: { transactionId: 1 },
    updateFirmware: { location: 'ftp://files.example/fw.bin' },
    getDiagnostic: { location: 'ftp://files.example/diag/' },
    changeConfiguration: { key: 'HeartbeatInterval', value: '300' },
    getConfiguration: {},
    changeAvailability: { connectorId: 0, type: 'Operative' },
    clearCache: {},
    reserveNow: { connectorId: 1, expiryDate: at, idTag: 'DEMO0001', reservationId: 9 },
    cancelReservation: { reservationId: 9 },
    getLocalListVersion: {},
    sendLocalList: { updateType: 'Full' },
    getTransactionStatus: {},
    dataTransfer: { vendorId: 'com.example' },
    clearChargingProfile: {},
    setChargingProfile: {
      connectorId: 1,
      csChargingProfiles: { ...profile, chargingProfilePurpose: 'TxDefaultProfile' },
    },
    getCompositeSchedule: { connectorId: 1, duration: 3600 },
    extendedTriggerMessage: { requestedMessage: 'SignChargePointCertificate' },
    getLog: { logType: 'SecurityLog', location: 'ftp://files.example/logs/' },
    // A real root: Voltline reads the certificate before sending it.
    installCertificate: { certificateType: 'CentralSystemRootCertificate', certificate: CS_ROOT },
    getInstalledCertificateIds: { certificateType: 'ManufacturerRootCertificate' },
    deleteCertificate: {
      certificateHashData: {
        hashAlgorithm: 'SHA256',
        issuerNameHash: 'ab',
        issuerKeyHash: 'cd',
        serialNumber: '01',
      },
    },
    certificateSigned: { certificateChain: PEM },
    signedUpdateFirmware: {
      location: 'https://files.example/fw.bin',
      retrieveDateTime: at,
      signingCertificate: PEM,
      signature: 'c2lnbmF0dXJl',
    },
    setDisplayMessage: {
      message: { id: 1, priority: 'NormalCycle', message: { format: 'UTF8', content: 'Hello' } },
    },
    getDisplayMessages: {},
    clearDisplayMessage: { id: 1 },
  };
  const extra: [CommandName, Record<string, unknown>][] = [
    ['startTransaction', { idTag: 'DEMO0001', connectorId: 1, chargingProfile: profile }],
    ['changeConfiguration', { key: 'AuthorizationKey', value: 'A-New-Password-0001' }],
  ];
  const users: [Role, string][] = [
    ['Admin', 'admin@voltline.local'],
    ['Main Operator', 'main@voltline.local'],
    ['Finance', 'finance@voltline.local'],
    ['Technical Support', 'support@voltline.local'],
    ['Site Safety Officer', 'safety@voltline.local'],
    ['CallCenter', 'callcenter@voltline.local'],
  ];

  it('asks every command for the permission of its area, as the role table says, for every role', async () => {
    const cases = [
      ...COMMAND_NAMES.map((c) => [c, bodies[c]] as [CommandName, Record<string, unknown>]),
      ...extra,
    ];
    expect(cases.length).toBe(COMMAND_NAMES.length + extra.length);
    for (const [role, email] of users) {
      const token = await t.login(email);
      for (const [command, body] of cases) {
        const allowed = permissionsForCommand(command, body).every((p) => can([role], p));
        const r = await send(command, { chargePointId: 'SILENT-1', ...body }, token);
        // Allowed: the command reaches the gateway, which finds the charger offline (409).
        expect({ role, command, status: r.status }).toEqual({ role, command, status: allowed ? 409 : 403 });
      }
    }
    // Every role times every command: more than the default half minute on a busy machine.
  }, 120_000);

  it('keeps firmware, reservations and charging profiles from the roles without those areas', () => {
    const sends = (role: Role, command: CommandName) =>
      permissionsForCommand(command, bodies[command]).every((p) => can([role], p));
    expect(sends('Site Safety Officer', 'updateFirmware')).toBe(false);
    expect(sends('CallCenter', 'setChargingProfile')).toBe(false);
    expect(sends('Technical Support', 'reserveNow')).toBe(false);
    expect(sends('Site Safety Officer', 'reserveNow')).toBe(false);
    expect(sends('CallCenter', 'reserveNow')).toBe(true);
    expect(sends('Technical Support', 'updateFirmware')).toBe(true);
    expect(sends('Site Safety Officer', 'getLog')).toBe(false);
    expect(sends('Site Safety Officer', 'installCertificate')).toBe(false);
    expect(sends('Technical Support', 'installCertificate')).toBe(true);
    expect(sends('Finance', 'getInstalledCertificateIds')).toBe(false);
  });
});
