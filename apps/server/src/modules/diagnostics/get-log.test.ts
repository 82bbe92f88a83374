import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCharger, type SimCharger } from '@voltline/simulator';
import type { DiagnosticsRequest, Page } from '@voltline/contract';
import { chargePoints, chargerEvents, ocppMessages } from '../../db/schema/index.js';
import { FilesFtpServer } from '../files/ftp-server.js';
import { createTestApp, type TestApp } from '../../../test/helper.js';
import { connectClient, listen, registerChargePoint, until, type Client } from '../../../test/ocpp-helper.js';

// The security edition's GetLog and ExtendedTriggerMessage: a simulated charger uploading its
// log over the real FTP server, a bare OCPP client for the answers a simulator does not give,
// and the log listed with the diagnostics files.

let t: TestApp;
let ftp: FilesFtpServer;
let sim: SimCharger;
let raw: Client;
let admin: string;
const PW = 'charger-secret-0004';
let rawAnswer: Record<string, unknown> = { status: 'Accepted', filename: 'raw.log' };
const rawRequests: Record<string, unknown>[] = [];

type Body<T> = { data: T; error?: string; message?: string };

beforeAll(async () => {
  t = await createTestApp({ OCPP_CALL_TIMEOUT_SECONDS: '2', FTP_PUBLIC_HOST: '127.0.0.1' });
  const url = await listen(t);
  ftp = new FilesFtpServer({
    files: t.app.services.files,
    config: { ...t.config.ftp, port: 0 },
    host: '127.0.0.1',
    log: t.app.log,
  });
  await t.app.services.files.prepare();
  await ftp.listen();
  await registerChargePoint(t, 'LOG-1', PW);
  await registerChargePoint(t, 'LOG-RAW', PW);
  sim = await startCharger({ url, id: 'LOG-1', password: PW, callTimeoutMs: 5000 });
  raw = await connectClient(url, 'LOG-RAW', PW);
  raw.handle('GetLog', ({ params }) => {
    rawRequests.push(params as Record<string, unknown>);
    return Promise.resolve(rawAnswer);
  });
  admin = await t.login('admin@voltline.local');
});
afterAll(async () => {
  await sim.close();
  await raw.close({ force: true });
  await ftp.close();
  await t.close();
});

const send = (command: string, body: Record<string, unknown>, token = admin) =>
  t.call<Body<Record<string, unknown>>>('POST', `/api/ocpp/RemoteTrigger/${command}`, { token, body });
const list = (query = '') =>
  t.call<Body<Page<DiagnosticsRequest>>>('GET', `/api/portal/Ftp/GetLogs?size=50${query}`, { token: admin });
const find = async (id: unknown) => (await list()).body.data.items.find((r) => r.id === id);
const events = async (cp: string, kind: string) => {
  const [row] = await t.database.db.select().from(chargePoints).where(eq(chargePoints.chargePointId, cp));
  return t.database.db
    .select()
    .from(chargerEvents)
    .where(and(eq(chargerEvents.chargePointId, row!.id), eq(chargerEvents.kind, kind)));
};

describe('GetLog', () => {
  let requestId: number;

  it('sends GetLog with a requestId and an ftp:// location of its own; the log arrives and is listed with diagnostics', async () => {
    const r = await send('getLog', {
      chargePointId: 'LOG-1',
      logType: 'SecurityLog',
      oldestTimestamp: '2026-01-01T00:00:00Z',
      retries: 1,
      retryInterval: 5,
    });
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({ status: 'Accepted' });
    expect(r.body.data.filename).toMatch(/^LOG-1-security-.*\.log$/);
    requestId = r.body.data.requestId as number;
    expect(r.body.data.diagnosticsRequestId).toBe(requestId);
    expect(JSON.stringify(r.body)).not.toContain('ftp://');

    await t.app.services.ocpp.messageLog.flush();
    const [sent] = await t.database.db
      .select()
      .from(ocppMessages)
      .where(and(eq(ocppMessages.chargePointId, 'LOG-1'), eq(ocppMessages.action, 'GetLog')));
    const payload = sent!.payload as {
      requestId: number;
      log: { remoteLocation: string; oldestTimestamp: string };
    };
    expect(payload.requestId).toBe(requestId);
    expect(payload.log.oldestTimestamp).toBe('2026-01-01T00:00:00Z');
    expect(payload.log.remoteLocation).toMatch(/^ftp:\/\/vl[0-9a-f]{16}:\[redacted\]@127\.0\.0\.1:\d+\/$/);

    const done = await until(async () => {
      const row = await find(requestId);
      return row?.status === 'Uploaded' && row.size !== null ? row : null;
    });
    expect(done).toMatchObject({
      kind: 'SecurityLog',
      requestId,
      answer: 'Accepted',
      chargePointId: 'LOG-1',
      startTime: '2026-01-01T00:00:00.000Z',
      retries: 1,
      fileName: r.body.data.filename,
      downloadLink: `portal/Ftp/Diagnostics/${requestId}/download`,
    });
    const file = await t.call<string>('GET', `/api/${done.downloadLink}`, { token: admin });
    expect(file.status).toBe(200);
    expect(file.res.body.startsWith('# Security log of LOG-1')).toBe(true);

    // The charger's LogStatusNotifications named the request.
    const notes = await events('LOG-1', 'LogStatusNotification');
    expect(notes.map((e) => [e.status, (e.payload as { requestId?: number }).requestId])).toEqual([
      ['Uploading', requestId],
      ['Uploaded', requestId],
    ]);
  });

  it('filters the list by kind', async () => {
    const d = await send('getDiagnostic', { chargePointId: 'LOG-1' });
    const diagId = d.body.data.diagnosticsRequestId;
    await until(async () => ((await find(diagId))?.status === 'Uploaded' ? true : null));
    const ids = async (kind: string) => (await list(`&kind=${kind}`)).body.data.items.map((i) => i.id);
    expect(await ids('SecurityLog')).toEqual([requestId]);
    expect(await ids('Diagnostics')).toEqual([diagId]);
    expect(await ids('DiagnosticsLog')).toEqual([]);
    expect((await find(diagId))?.kind).toBe('Diagnostics');
  });

  it('records a Rejected answer, and fails the request on the refusals LogStatusNotification reports', async () => {
    rawAnswer = { status: 'Rejected' };
    const rejected = await send('getLog', { chargePointId: 'LOG-RAW', logType: 'DiagnosticsLog' });
    expect(rejected.body.data.status).toBe('Rejected');
    expect(await find(rejected.body.data.requestId)).toMatchObject({
      status: 'commandFailed',
      answer: 'Rejected',
      error: 'Rejected',
      kind: 'DiagnosticsLog',
    });

    rawAnswer = { status: 'Accepted', filename: 'raw.log' };
    const r = await send('getLog', { chargePointId: 'LOG-RAW', logType: 'DiagnosticsLog' });
    const id = r.body.data.requestId as number;
    expect(rawRequests.at(-1)).toMatchObject({ logType: 'DiagnosticsLog', requestId: id });
    // Another request's id, and Idle, change nothing.
    await raw.call('LogStatusNotification', { status: 'Uploading', requestId: requestId });
    await raw.call('LogStatusNotification', { status: 'Idle' });
    expect(await find(requestId)).toMatchObject({ status: 'Uploaded' });
    expect(await find(id)).toMatchObject({ status: 'requested', fileName: 'raw.log', answer: 'Accepted' });
    await raw.call('LogStatusNotification', { status: 'Uploading', requestId: id });
    expect((await find(id))?.status).toBe('Uploading');
    await raw.call('LogStatusNotification', { status: 'PermissionDenied', requestId: id });
    expect(await find(id)).toMatchObject({ status: 'UploadFailed', error: 'PermissionDenied' });
  });

  it('closes the earlier request when the charger answers AcceptedCanceled', async () => {
    rawAnswer = { status: 'Accepted', filename: 'first.log' };
    const first = await send('getLog', { chargePointId: 'LOG-RAW', logType: 'SecurityLog' });
    rawAnswer = { status: 'AcceptedCanceled', filename: 'second.log' };
    const second = await send('getLog', { chargePointId: 'LOG-RAW', logType: 'SecurityLog' });
    expect(await find(first.body.data.requestId)).toMatchObject({
      status: 'UploadFailed',
      error: 'canceledByNewerRequest',
    });
    expect(await find(second.body.data.requestId)).toMatchObject({
      status: 'requested',
      answer: 'AcceptedCanceled',
    });
  });

  it('does not let the Site Safety Officer request a log', async () => {
    const safety = await t.login('safety@voltline.local');
    expect((await send('getLog', { chargePointId: 'LOG-1', logType: 'SecurityLog' }, safety)).status).toBe(
      403,
    );
    const support = await t.login('support@voltline.local');
    rawAnswer = { status: 'Accepted' };
    expect((await send('getLog', { chargePointId: 'LOG-RAW', logType: 'SecurityLog' }, support)).status).toBe(
      200,
    );
  });
});

describe('ExtendedTriggerMessage', () => {
  it('makes the charger send the requested message, and shows its answer', async () => {
    const r = await send('extendedTriggerMessage', {
      chargePointId: 'LOG-1',
      requestedMessage: 'LogStatusNotification',
    });
    expect(r.status).toBe(200);
    expect(r.body.data).toEqual({ status: 'Accepted' });
    expect(r.body.message).toContain('Accepted');
    // No upload runs: Idle, without a requestId.
    const idle = await until(async () => {
      const rows = await events('LOG-1', 'LogStatusNotification');
      return rows.find((e) => e.status === 'Idle') ?? null;
    });
    expect(idle.payload).toEqual({ status: 'Idle' });

    const boot = await send('extendedTriggerMessage', {
      chargePointId: 'LOG-1',
      requestedMessage: 'StatusNotification',
      connectorId: 1,
    });
    expect(boot.body.data).toEqual({ status: 'Accepted' });
    const wrong = await send('extendedTriggerMessage', {
      chargePointId: 'LOG-1',
      requestedMessage: 'MeterValues',
      connectorId: 9,
    });
    expect(wrong.body.data).toEqual({ status: 'Rejected' });
  });

  it('asks for a new charger certificate only where the charger has a certificate flow', async () => {
    const body = { chargePointId: 'LOG-1', requestedMessage: 'SignChargePointCertificate' };
    const flow = sim.onSignCertificateRequested;
    sim.onSignCertificateRequested = undefined;
    expect((await send('extendedTriggerMessage', body)).body.data).toEqual({ status: 'Rejected' });
    let asked = 0;
    sim.onSignCertificateRequested = () => {
      asked++;
    };
    expect((await send('extendedTriggerMessage', body)).body.data).toEqual({ status: 'Accepted' });
    await until(() => Promise.resolve(asked === 1 ? true : null));
    sim.onSignCertificateRequested = flow;
  });
});
