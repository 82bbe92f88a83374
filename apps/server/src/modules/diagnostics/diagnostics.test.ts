import { existsSync } from 'node:fs';
import { Readable } from 'node:stream';
import path from 'node:path';
import { count, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startCharger, uploadFile, type SimCharger } from '@voltline/simulator';
import { can, type DiagnosticsRequest, type Page } from '@voltline/contract';
import {
  auditLogs,
  commandRecords,
  diagnosticsRequests,
  fileGrants,
  ocppMessages,
  storedFiles,
} from '../../db/schema/index.js';
import { FilesFtpServer } from '../files/ftp-server.js';
import { createTestApp, type TestApp } from '../../../test/helper.js';
import { connectClient, listen, registerChargePoint, until, type Client } from '../../../test/ocpp-helper.js';

// Diagnostics end to end: a request through the remote command, a real charger (the simulator, or
// a bare OCPP client) answering and uploading over the real FTP server, and the portal's calls.

let t: TestApp;
let ftp: FilesFtpServer;
let sim: SimCharger;
let raw: Client;
let admin: string;
const PW = 'charger-secret-0003';
/** GetDiagnostics requests the simulated charger received. */
const received: Record<string, unknown>[] = [];
/** What the bare client answers to GetDiagnostics, and the locations it was given. */
let rawAnswer: Record<string, unknown> = {};
const rawLocations: string[] = [];

type Body<T> = { data: T; error?: string };

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
  await registerChargePoint(t, 'DIAG-1', PW);
  await registerChargePoint(t, 'DIAG-RAW', PW);
  await registerChargePoint(t, 'DIAG-OFF', PW);
  await registerChargePoint(t, 'DIAG-ANK', PW, 'Voltline Ankara');
  sim = await startCharger({ url, id: 'DIAG-1', password: PW, callTimeoutMs: 5000 });
  const simCalls = sim as unknown as { handleCall(action: string, payload: unknown): Promise<object> };
  const handle = simCalls.handleCall.bind(sim);
  simCalls.handleCall = (action, payload) => {
    if (action === 'GetDiagnostics') received.push(payload as Record<string, unknown>);
    return handle(action, payload);
  };
  raw = await connectClient(url, 'DIAG-RAW', PW);
  raw.handle('GetDiagnostics', ({ params }) => {
    rawLocations.push(String((params as { location: string }).location));
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

const request = (body: Record<string, unknown>, token = admin) =>
  t.call<Body<Record<string, unknown>>>('POST', '/api/ocpp/RemoteTrigger/getDiagnostic', { token, body });
const list = (query = '', token = admin) =>
  t.call<Body<Page<DiagnosticsRequest>>>('GET', `/api/portal/Ftp/GetLogs?size=50${query}`, { token });
const find = async (id: unknown, token = admin) =>
  (await list('', token)).body.data.items.find((r) => r.id === id);

describe('diagnostics from a simulated charger', () => {
  let requestId: number;

  it('sends GetDiagnostics with an ftp:// location of its own, and the uploaded file can be downloaded', async () => {
    const r = await request({
      chargePointId: 'DIAG-1',
      startTime: '2026-01-01T00:00:00Z',
      stopTime: '2026-01-02T00:00:00Z',
      retries: 1,
      retryInterval: 5,
    });
    expect(r.status).toBe(200);
    requestId = r.body.data.diagnosticsRequestId as number;
    expect(r.body.data.fileName).toMatch(/^DIAG-1-diagnostics-.*\.log$/);
    expect(JSON.stringify(r.body)).not.toContain('ftp://');

    const sent = received[0];
    expect(sent).toMatchObject({ startTime: '2026-01-01T00:00:00Z', retries: 1, retryInterval: 5 });
    expect(String(sent?.location)).toMatch(/^ftp:\/\/vl[0-9a-f]{16}:[0-9a-f]{32}@127\.0\.0\.1:\d+\/$/);

    const done = await until(async () => {
      const row = await find(requestId);
      return row?.status === 'Uploaded' && row.size !== null ? row : null;
    });
    expect(done).toMatchObject({
      chargePointId: 'DIAG-1',
      requestedBy: 'Admin Voltline',
      operatorName: 'Voltline İstanbul',
      startTime: '2026-01-01T00:00:00.000Z',
      retries: 1,
      fileName: r.body.data.fileName,
      downloadLink: `portal/Ftp/Diagnostics/${requestId}/download`,
    });

    const file = await t.call<string>('GET', `/api/${done.downloadLink}`, { token: admin });
    expect(file.status).toBe(200);
    expect(file.res.headers['content-disposition']).toContain(`attachment; filename="${done.fileName}"`);
    expect(file.res.rawPayload.length).toBe(done.size);
    expect(file.res.body.startsWith('# Diagnostics of DIAG-1')).toBe(true);
  });

  it('keeps the one-off login out of the OCPP log, the command record and the audit log', async () => {
    const password = new URL(String(received[0]?.location)).password;
    await t.app.services.ocpp.messageLog.flush();
    const like = `%${password}%`;
    const [logged] = await t.database.db
      .select({ n: count() })
      .from(ocppMessages)
      .where(sql`${ocppMessages.payload}::text like ${like}`);
    expect(logged?.n).toBe(0);
    const [stored] = await t.database.db
      .select({ n: count() })
      .from(commandRecords)
      .where(sql`${commandRecords.request}::text like ${like}`);
    expect(stored?.n).toBe(0);
    const [sent] = await t.database.db
      .select({ n: count() })
      .from(ocppMessages)
      .where(sql`${ocppMessages.action} = 'GetDiagnostics'`);
    expect(sent?.n).toBeGreaterThan(0);
    const audits = await t.database.db.select().from(auditLogs);
    expect(JSON.stringify(audits)).not.toContain(password);
    expect(audits.some((a) => a.action === 'command.getDiagnostic')).toBe(true);
  });

  it('filters the list by charge point, status and date', async () => {
    expect((await list('&chargePointId=DIAG-1&status=Uploaded')).body.data.total).toBe(1);
    expect((await list('&chargePointId=DIAG-RAW')).body.data.total).toBe(0);
    expect((await list('&to=2020-01-01T00:00:00Z')).body.data.total).toBe(0);
    const post = await t.call<Body<Page<DiagnosticsRequest>>>('POST', '/api/portal/Ftp/GetLogs', {
      token: admin,
      body: { chargePointId: 'DIAG-1', index: 0, size: 10 },
    });
    expect(post.body.data.items.map((i) => i.id)).toEqual([requestId]);
  });

  it('records noFile when the charger answers without a file name', async () => {
    rawAnswer = {};
    const r = await request({ chargePointId: 'DIAG-RAW' });
    expect(r.status).toBe(200);
    expect((await find(r.body.data.diagnosticsRequestId))?.status).toBe('noFile');
  });

  it('gives each request its own login', () => {
    rawAnswer = {};
    expect(rawLocations.length).toBe(1);
    expect(rawLocations[0]).not.toBe(received[0]?.location);
  });

  it('drops what was stored of an upload the charger reports as failed', async () => {
    rawAnswer = { fileName: 'partial.log' };
    const r = await request({ chargePointId: 'DIAG-RAW' });
    const id = r.body.data.diagnosticsRequestId as number;
    const location = rawLocations.at(-1) ?? '';
    await raw.call('DiagnosticsStatusNotification', { status: 'Uploading' });
    expect((await find(id))?.status).toBe('Uploading');
    await uploadFile(location, 'partial.log', 'half a fi');
    const [row] = await t.database.db
      .select()
      .from(diagnosticsRequests)
      .where(eq(diagnosticsRequests.id, id));
    const stored = await until(async () => {
      const files = await t.database.db
        .select()
        .from(storedFiles)
        .where(eq(storedFiles.grantId, row!.grantId!));
      return files[0];
    });
    await raw.call('DiagnosticsStatusNotification', { status: 'UploadFailed' });
    const failed = await find(id);
    expect(failed).toMatchObject({
      status: 'UploadFailed',
      size: null,
      downloadLink: null,
      fileName: 'partial.log',
    });
    expect(await t.database.db.select().from(storedFiles).where(eq(storedFiles.id, stored.id))).toEqual([]);
    expect(existsSync(path.join(t.config.DATA_DIR, 'files', stored.key))).toBe(false);
  });

  it('closes a request as failed once its upload login expired without an upload', async () => {
    rawAnswer = { fileName: 'never.log' };
    const r = await request({ chargePointId: 'DIAG-RAW' });
    const id = r.body.data.diagnosticsRequestId as number;
    const [row] = await t.database.db
      .select()
      .from(diagnosticsRequests)
      .where(eq(diagnosticsRequests.id, id));
    await t.app.services.diagnostics.purgeExpired();
    expect((await find(id))?.status).toBe('requested');
    await t.database.db
      .update(fileGrants)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(fileGrants.id, row!.grantId!));
    await t.app.services.diagnostics.purgeExpired();
    expect(await find(id)).toMatchObject({ status: 'UploadFailed', error: 'uploadWindowClosed' });
  });

  it('records commandFailed with the reason when the charger is offline', async () => {
    const r = await request({ chargePointId: 'DIAG-OFF' });
    expect(r.status).toBe(409);
    const [row] = (await list('&chargePointId=DIAG-OFF')).body.data.items;
    expect(row).toMatchObject({ status: 'commandFailed', error: 'offline' });
  });

  it('deletes files older than the retention period and marks their requests expired', async () => {
    const before = await find(requestId);
    const [file] = await t.database.db
      .select()
      .from(storedFiles)
      .where(eq(storedFiles.name, before!.fileName!));
    expect(existsSync(path.join(t.config.DATA_DIR, 'files', file!.key))).toBe(true);
    const put = await t.call<Body<{ retentionDays: number }>>('PUT', '/api/portal/Ftp/DiagnosticsRetention', {
      token: admin,
      body: { retentionDays: 10 },
    });
    expect(put.body.data).toEqual({ retentionDays: 10 });
    expect(
      (
        await t.call('PUT', '/api/portal/Ftp/DiagnosticsRetention', {
          token: admin,
          body: { retentionDays: 0 },
        })
      ).status,
    ).toBe(400);
    // Still within 10 days: kept.
    expect(await t.app.services.diagnostics.purgeExpired()).toBe(0);
    await t.database.db
      .update(storedFiles)
      .set({ createdAt: new Date(Date.now() - 11 * 86_400_000) })
      .where(eq(storedFiles.id, file!.id));
    expect(await t.app.services.diagnostics.purgeExpired()).toBe(1);
    expect(await find(requestId)).toMatchObject({ status: 'expired', size: null, downloadLink: null });
    expect(existsSync(path.join(t.config.DATA_DIR, 'files', file!.key))).toBe(false);
    expect(
      (await t.call('GET', `/api/portal/Ftp/Diagnostics/${requestId}/download`, { token: admin })).status,
    ).toBe(404);
    const audits = await t.database.db.select().from(auditLogs).where(eq(auditLogs.entity, 'setting'));
    expect(audits[0]?.summary).toEqual({ diagnosticsRetentionDays: [30, 10] });
  });
});

describe('permissions and tenant scope', () => {
  it('keeps Finance out, lets the Site Safety Officer read only, and asks firmware:write to request', async () => {
    const finance = await t.login('finance@voltline.local');
    expect((await list('', finance)).status).toBe(403);
    expect((await t.call('GET', '/api/portal/Ftp/DiagnosticsRetention', { token: finance })).status).toBe(
      403,
    );
    expect((await t.call('GET', '/api/portal/Ftp/Diagnostics/1/download', { token: finance })).status).toBe(
      403,
    );

    const safety = await t.login('safety@voltline.local');
    expect((await list('', safety)).status).toBe(200);
    expect((await t.call('GET', '/api/portal/Ftp/DiagnosticsRetention', { token: safety })).status).toBe(200);
    const put = { token: safety, body: { retentionDays: 20 } };
    expect((await t.call('PUT', '/api/portal/Ftp/DiagnosticsRetention', put)).status).toBe(403);
    expect((await request({ chargePointId: 'DIAG-RAW' }, safety)).status).toBe(403);
    const callcenter = await t.login('callcenter@voltline.local');
    expect((await request({ chargePointId: 'DIAG-RAW' }, callcenter)).status).toBe(403);

    rawAnswer = {};
    const support = await t.login('support@voltline.local');
    expect((await request({ chargePointId: 'DIAG-RAW' }, support)).status).toBe(200);
  });

  it('lets only Admin change the installation-wide retention, whatever the reach of a logs:write holder', async () => {
    // Main Operator and Technical Support hold logs:write, of the top-level operator or a
    // sub-operator; the retention holds for every operator, so it needs installation:write.
    expect(can(['Admin'], 'installation:write')).toBe(true);
    for (const role of ['Main Operator', 'Technical Support'] as const) {
      expect(can([role], 'logs:write')).toBe(true);
      expect(can([role], 'installation:write')).toBe(false);
    }
    for (const email of ['main@voltline.local', 'support@voltline.local', 'istanbul@voltline.local']) {
      const token = await t.login(email);
      const put = await t.call<{ error: string }>('PUT', '/api/portal/Ftp/DiagnosticsRetention', {
        token,
        body: { retentionDays: 20 },
      });
      expect({ email, status: put.status, error: put.body.error }).toEqual({
        email,
        status: 403,
        error: 'You do not have permission to do this.',
      });
      const get = await t.call('GET', '/api/portal/Ftp/DiagnosticsRetention', { token });
      expect(get.status).toBe(200);
    }
  });

  it("shows and serves an operator only its own chargers' diagnostics", async () => {
    // The charger is offline: the request is recorded as failed, and gets a file here by hand.
    expect((await request({ chargePointId: 'DIAG-ANK' })).status).toBe(409);
    const id = (await list('&chargePointId=DIAG-ANK')).body.data.items[0]!.id;
    const stored = await t.app.services.files.store.put(
      'diagnostics/ank/x/ank.log',
      Readable.from(['ankara']),
    );
    const [file] = await t.database.db
      .insert(storedFiles)
      .values({
        kind: 'diagnostics',
        key: stored.key,
        name: 'ank.log',
        size: stored.size,
        sha256: stored.sha256,
        operatorId: (await find(id))!.operatorId,
      })
      .returning();
    await t.database.db
      .update(diagnosticsRequests)
      .set({ storedFileId: file!.id })
      .where(eq(diagnosticsRequests.id, id));
    expect((await t.call('GET', `/api/portal/Ftp/Diagnostics/${id}/download`, { token: admin })).body).toBe(
      'ankara',
    );

    const istanbul = await t.login('istanbul@voltline.local');
    const mine = (await list('', istanbul)).body.data.items;
    expect(mine.length).toBeGreaterThan(0);
    expect(mine.every((r) => r.operatorName === 'Voltline İstanbul')).toBe(true);
    expect(
      (await t.call('GET', `/api/portal/Ftp/Diagnostics/${id}/download`, { token: istanbul })).status,
    ).toBe(404);
    expect((await request({ chargePointId: 'DIAG-ANK' }, istanbul)).status).toBe(404);
    const put = { token: istanbul, body: { retentionDays: 20 } };
    expect((await t.call('PUT', '/api/portal/Ftp/DiagnosticsRetention', put)).status).toBe(403);
  });
});
