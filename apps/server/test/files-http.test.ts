import { Readable } from 'node:stream';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLogs, fileGrants, operators, users } from '../src/db/schema/index.js';
import { manualClock } from '../src/lib/clock.js';
import { makeActor, type Ctx } from '../src/lib/context.js';
import { withoutFileTokens } from '../src/modules/files/files.routes.js';
import type { FilesService } from '../src/modules/files/files.service.js';
import { createTestApp, type TestApp } from './helper.js';
import { registerChargePoint } from './ocpp-helper.js';

// Firmware over HTTP(S): the signed, expiring link Voltline gives chargers that take http URLs.

const FIRMWARE = Buffer.from('PK\u0003\u0004 firmware bytes '.repeat(100));
const clock = manualClock();
let t: TestApp;
let files: FilesService;

beforeAll(async () => {
  t = await createTestApp({}, { clock });
  await registerChargePoint(t, 'HTTP-1', null);
  files = t.app.services.files;
  await files.store.put('firmware/fw 3.0.zip', Readable.from([FIRMWARE]));
});
afterAll(() => t.close());

const grantRow = async (id: number) =>
  (await t.database.db.select().from(fileGrants).where(eq(fileGrants.id, id)))[0];

/** The path of a link Voltline gave (its host is PUBLIC_URL's). */
const pathOf = (url: string) => new URL(url).pathname;

async function ctxOf(email: string, operatorPath?: string): Promise<Ctx> {
  const [row] = await t.database.db
    .select({ id: users.id, operatorId: users.operatorId, path: operators.path })
    .from(users)
    .innerJoin(operators, eq(operators.id, users.operatorId))
    .where(eq(users.email, email));
  if (!row) throw new Error(`no user ${email}`);
  const roles = email.startsWith('admin') ? ['Admin'] : ['Main Operator'];
  const actor = makeActor({
    userId: row.id,
    email,
    name: 'T',
    surname: 'T',
    operatorId: row.operatorId,
    operatorName: 'T',
    operatorPath: operatorPath ?? row.path,
    roles,
    sessionId: 'test',
    locale: null,
  });
  return { actor, ip: '203.0.113.9', userAgent: 'test', locale: 'en' };
}

describe('signed firmware links', () => {
  it('serve the file with its length and type, to GET and HEAD, and count the download', async () => {
    const grant = await files.grantDownload('HTTP-1', 'firmware/fw 3.0.zip', 600);
    expect(grant.httpUrl).toMatch(
      /^http:\/\/voltline\.test\/files\/vl[0-9a-f]{16}\.\d+\.[\w-]{43}\/fw%203\.0\.zip$/,
    );
    const head = await t.app.inject({ method: 'HEAD', url: pathOf(grant.httpUrl) });
    expect(head.statusCode).toBe(200);
    expect(head.headers['content-length']).toBe(String(FIRMWARE.length));
    expect(head.headers['content-type']).toBe('application/zip');
    expect(head.body).toBe('');
    const get = await t.app.inject({ method: 'GET', url: pathOf(grant.httpUrl) });
    expect(get.statusCode).toBe(200);
    expect(get.headers['content-length']).toBe(String(FIRMWARE.length));
    expect(get.rawPayload.equals(FIRMWARE)).toBe(true);
    // Counted once the response has gone out, beside it.
    await expect.poll(() => grantRow(grant.grantId)).toMatchObject({ uses: 1, bytes: FIRMWARE.length });
  });

  it('serve a byte range, so a charger can resume', async () => {
    const grant = await files.grantDownload('HTTP-1', 'firmware/fw 3.0.zip', 600);
    const r = await t.app.inject({
      method: 'GET',
      url: pathOf(grant.httpUrl),
      headers: { range: 'bytes=100-' },
    });
    expect(r.statusCode).toBe(206);
    expect(r.headers['content-range']).toBe(`bytes 100-${FIRMWARE.length - 1}/${FIRMWARE.length}`);
    expect(r.rawPayload.equals(FIRMWARE.subarray(100))).toBe(true);
    const bad = await t.app.inject({
      method: 'GET',
      url: pathOf(grant.httpUrl),
      headers: { range: 'bytes=999999-' },
    });
    expect(bad.statusCode).toBe(416);
  });

  it('refuse an expired link with 410, a tampered one with 403, and a deleted file with 404', async () => {
    const grant = await files.grantDownload('HTTP-1', 'firmware/fw 3.0.zip', 60);
    const url = pathOf(grant.httpUrl);
    const [, , token = '', name = ''] = url.split('/');
    const last = token.at(-1) === 'A' ? 'B' : 'A';
    const cases = {
      signature: `/files/${token.slice(0, -1)}${last}/${name}`,
      name: `/files/${token}/other.zip`,
      expiry: `/files/${token.replace(/\.(\d+)\./, (_m, exp: string) => `.${Number(exp) + 3600}.`)}/${name}`,
      garbage: `/files/not-a-token/${name}`,
    };
    for (const [what, tampered] of Object.entries(cases)) {
      const r = await t.app.inject({ method: 'GET', url: tampered });
      expect({ what, status: r.statusCode, body: r.json<unknown>() }).toEqual({
        what,
        status: 403,
        body: { error: 'This download link is not valid. Ask for a new one.', code: 'files.linkInvalid' },
      });
    }

    clock.advance(61_000);
    try {
      const expired = await t.app.inject({ method: 'GET', url });
      expect(expired.statusCode).toBe(410);
      expect(expired.json()).toEqual({
        error: 'This download link has expired. Ask for a new one.',
        code: 'files.linkExpired',
      });
      expect((await t.app.inject({ method: 'HEAD', url })).statusCode).toBe(410);
    } finally {
      clock.set(new Date());
    }

    await files.store.put('firmware/short-lived.zip', Readable.from(['x']));
    const gone = await files.grantDownload('HTTP-1', 'firmware/short-lived.zip', 600);
    await files.store.delete('firmware/short-lived.zip');
    const r = await t.app.inject({ method: 'GET', url: pathOf(gone.httpUrl) });
    expect(r.statusCode).toBe(404);
    expect(r.json()).toMatchObject({ code: 'files.fileGone' });
  });

  it('carry a non-ASCII file name in the attachment header', async () => {
    await files.store.put('firmware/ürün 1.0.zip', Readable.from(['x']));
    const grant = await files.grantDownload('HTTP-1', 'firmware/ürün 1.0.zip', 600);
    const r = await t.app.inject({ method: 'GET', url: pathOf(grant.httpUrl) });
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-disposition']).toBe(
      `attachment; filename="_r_n 1.0.zip"; filename*=UTF-8''%C3%BCr%C3%BCn%201.0.zip`,
    );
  });

  it('keep the token out of the request log', () => {
    expect(withoutFileTokens('/files/vlabc.123.sig/fw.zip')).toBe('/files/[redacted]/fw.zip');
    expect(withoutFileTokens('/api/health')).toBe('/api/health');
  });
});

describe('grants', () => {
  it('are audited when a user makes one, without the secret, and only within the user’s reach', async () => {
    const ctx = await ctxOf('admin@voltline.local');
    const grant = await files.grantDownload('HTTP-1', 'firmware/fw 3.0.zip', 600, { ctx });
    const [line] = await t.database.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'file.grantDownload'), eq(auditLogs.entityId, 'HTTP-1')));
    expect(line?.summary).toMatchObject({ grant: grant.grantId, file: 'firmware/fw 3.0.zip' });
    expect(JSON.stringify(line)).not.toContain(new URL(grant.httpUrl).pathname.split('/')[2]);

    const outsider = await ctxOf('admin@voltline.local', '/999999/');
    outsider.actor.isAdmin = false;
    await expect(
      files.grantDownload('HTTP-1', 'firmware/fw 3.0.zip', 600, { ctx: outsider }),
    ).rejects.toMatchObject({
      status: 404,
    });
  });

  it('refuse a file that does not exist, a bad path, and uploads while FTP is off', async () => {
    await expect(files.grantDownload('HTTP-1', 'firmware/none.zip', 600)).rejects.toMatchObject({
      status: 404,
    });
    await expect(files.grantDownload('HTTP-1', '../etc/passwd', 600)).rejects.toMatchObject({
      status: 400,
      key: 'files.badName',
    });
    await expect(files.grantDownload('NO-SUCH-CP', 'firmware/fw 3.0.zip', 600)).rejects.toMatchObject({
      status: 404,
    });
    const offline = await files.grantDownload('HTTP-1', 'firmware/fw 3.0.zip', 600);
    expect(offline.ftpUrl).toBeNull();
    await expect(files.grantUpload('HTTP-1', 600)).rejects.toMatchObject({
      status: 503,
      key: 'files.ftpOff',
    });
  });
});
