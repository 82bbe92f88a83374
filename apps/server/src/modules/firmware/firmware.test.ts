import { createHash } from 'node:crypto';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Firmware } from '@voltline/contract';
import { auditLogs, firmwareCampaigns, firmwares, operators } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../../test/helper.js';
import { multipart } from '../../../test/multipart.js';

// Firmware images: upload (.zip/.update only, size limit, SHA-256), list in reach, download, delete.

let t: TestApp;
let admin: string;
let istanbul: string;
let support: string;
let finance: string;
let safety: string;
const IMAGE = Buffer.from('PK\u0003\u0004 voltline firmware image '.repeat(2000));
const sha = (b: Buffer) => createHash('sha256').update(b).digest('hex');

type Answer<T> = {
  data: T;
  message?: string;
  error?: string;
  code?: string;
  details?: { field: string; message: string }[];
};

async function upload(
  token: string,
  fields: Record<string, string>,
  file?: { name: string; data: Buffer },
  lang = 'en',
) {
  const { payload, headers } = multipart(fields, file);
  const res = await t.app.inject({
    method: 'POST',
    url: '/api/portal/Ftp/UploadFirmware',
    headers: { ...headers, authorization: `Bearer ${token}`, 'accept-language': lang },
    payload,
  });
  return { status: res.statusCode, body: res.json<Answer<Firmware>>() };
}

/** Every file the store holds under firmware/. */
const storedKeys = async () => (await t.app.services.files.store.list('firmware')).map((f) => f.key);

beforeAll(async () => {
  t = await createTestApp({ FIRMWARE_MAX_MB: '1' });
  await t.app.services.files.prepare();
  [admin, istanbul, support, finance, safety] = (await Promise.all(
    ['admin', 'istanbul', 'support', 'finance', 'safety'].map((u) => t.login(`${u}@voltline.local`)),
  )) as [string, string, string, string, string];
});
afterAll(() => t.close());

describe('uploading firmware', () => {
  it('stores a .zip with its SHA-256, size and the brand and models it fits, and audits it', async () => {
    const r = await upload(
      support,
      { version: '2.1.0', brand: 'Voltline', models: '["SimCharger 22", "Test 22"]', description: 'Fixes' },
      { name: 'voltline-2.1.0.zip', data: IMAGE },
    );
    expect(r.status).toBe(200);
    expect(r.body.message).toBe('Firmware uploaded.');
    expect(r.body.data).toMatchObject({
      fileName: 'voltline-2.1.0.zip',
      version: '2.1.0',
      brand: 'Voltline',
      models: ['SimCharger 22', 'Test 22'],
      size: IMAGE.length,
      sha256: sha(IMAGE),
      createdBy: 'Selin Demir',
      inUse: false,
      downloadLink: `portal/Ftp/Firmware/${r.body.data.id}/download`,
    });
    const [row] = await t.database.db.select().from(firmwares).where(eq(firmwares.id, r.body.data.id));
    expect(row!.storeKey).toMatch(/^firmware\/[0-9a-f]{16}\/voltline-2\.1\.0\.zip$/);
    expect(await storedKeys()).toContain(row!.storeKey);
    const [line] = await t.database.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'create'), eq(auditLogs.entity, 'firmware')));
    expect(line).toMatchObject({ entity: 'firmware', entityId: String(r.body.data.id) });
  });

  it('takes models as a comma-separated list and an .update file', async () => {
    const r = await upload(
      istanbul,
      { version: '3.0', models: 'A1, B2' },
      { name: 'abb.update', data: IMAGE },
    );
    expect(r.status).toBe(200);
    expect(r.body.data).toMatchObject({
      models: ['A1', 'B2'],
      brand: null,
      operatorName: 'Voltline İstanbul',
    });
  });

  it('refuses another extension in the user’s language and keeps nothing', async () => {
    const before = await storedKeys();
    const en = await upload(admin, { version: '1.0' }, { name: 'firmware.bin', data: IMAGE });
    expect(en.status).toBe(400);
    expect(en.body.error).toBe('The file is not a .zip or .update file.');
    const tr = await upload(admin, { version: '1.0' }, { name: 'firmware.exe', data: IMAGE }, 'tr');
    expect(tr.body.error).toBe('Dosya bir .zip ya da .update dosyası değil.');
    expect(await storedKeys()).toEqual(before);
  });

  it('refuses a file over FIRMWARE_MAX_MB with 413 and keeps nothing of it', async () => {
    const before = await storedKeys();
    const r = await upload(
      admin,
      { version: '1.0' },
      { name: 'big.zip', data: Buffer.alloc(1024 * 1024 + 1, 1) },
    );
    expect(r.status).toBe(413);
    expect(r.body.error).toBe('The firmware file is larger than the 1 MB allowed.');
    expect(await storedKeys()).toEqual(before);
    const rows = await t.database.db.select().from(firmwares).where(eq(firmwares.fileName, 'big.zip'));
    expect(rows).toEqual([]);
  });

  it('refuses a missing version, an operator out of reach and a missing file, keeping nothing', async () => {
    const before = await storedKeys();
    const noVersion = await upload(admin, {}, { name: 'a-1.zip', data: IMAGE });
    expect(noVersion.status).toBe(400);
    expect(noVersion.body.details).toEqual([{ field: 'body.version', message: 'This field is required.' }]);
    const [ankara] = await t.database.db
      .select()
      .from(operators)
      .where(eq(operators.name, 'Voltline Ankara'));
    const outOfReach = await upload(
      istanbul,
      { version: '1', operatorId: String(ankara!.id) },
      { name: 'a-1.zip', data: IMAGE },
    );
    expect(outOfReach.status).toBe(400);
    expect(outOfReach.body.error).toBe('That operator is not within your reach.');
    const noFile = await upload(admin, { version: '1' });
    expect(noFile.body.error).toBe('Choose a firmware file to upload.');
    expect(await storedKeys()).toEqual(before);
  });

  it('answers a JSON body with a clear refusal', async () => {
    const r = await t.call<Answer<null>>('POST', '/api/portal/Ftp/UploadFirmware', {
      token: admin,
      body: { version: '1' },
    });
    expect(r.status).toBe(400);
    expect(r.body.code).toBe('firmware.notMultipart');
  });
});

describe('listing, downloading and deleting firmware', () => {
  it('lists only the images in the user’s reach', async () => {
    const all = await t.call<Answer<Firmware[]>>('GET', '/api/portal/Ftp/GetFirmwares', { token: admin });
    expect(all.body.data.map((f) => f.fileName).sort()).toEqual(['abb.update', 'voltline-2.1.0.zip']);
    const mine = await t.call<Answer<Firmware[]>>('GET', '/api/portal/Ftp/GetFirmwares', { token: istanbul });
    expect(mine.body.data.map((f) => f.fileName)).toEqual(['abb.update']);
    const root = all.body.data.find((f) => f.fileName === 'voltline-2.1.0.zip')!;
    const hidden = await t.call('GET', `/api/portal/Ftp/Firmware/${root.id}/download`, { token: istanbul });
    expect(hidden.status).toBe(404);
  });

  it('downloads the very bytes uploaded, as an attachment', async () => {
    const list = await t.call<Answer<Firmware[]>>('GET', '/api/portal/Ftp/GetFirmwares', { token: support });
    const fw = list.body.data.find((f) => f.fileName === 'voltline-2.1.0.zip')!;
    const res = await t.app.inject({
      method: 'GET',
      url: `/api/${fw.downloadLink}`,
      headers: { authorization: `Bearer ${support}` },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain('attachment; filename="voltline-2.1.0.zip"');
    expect(res.rawPayload.equals(IMAGE)).toBe(true);
  });

  it('refuses to delete an image a paused campaign still sends, then deletes it and its file', async () => {
    const r = await upload(admin, { version: '9.9' }, { name: 'busy-9.9.zip', data: IMAGE });
    const fw = r.body.data;
    const [row] = await t.database.db.select().from(firmwares).where(eq(firmwares.id, fw.id));
    const [campaign] = await t.database.db
      .insert(firmwareCampaigns)
      .values({
        operatorId: fw.operatorId,
        firmwareId: fw.id,
        state: 'paused',
        transport: 'ftp',
        retries: 0,
        retryInterval: 0,
        failureThresholdPercent: 20,
      })
      .returning();
    const listed = await t.call<Answer<Firmware[]>>('GET', '/api/portal/Ftp/GetFirmwares', { token: admin });
    expect(listed.body.data.find((f) => f.id === fw.id)?.inUse).toBe(true);
    const refused = await t.call<Answer<null>>('DELETE', `/api/portal/Ftp/Firmware/${fw.id}`, {
      token: admin,
    });
    expect(refused.status).toBe(409);
    expect(refused.body.error).toBe(
      `This firmware is being sent by campaign #${campaign!.id}; finish or cancel the campaign before deleting it.`,
    );
    expect(await storedKeys()).toContain(row!.storeKey);
    await t.database.db
      .update(firmwareCampaigns)
      .set({ state: 'completed' })
      .where(eq(firmwareCampaigns.id, campaign!.id));
    const deleted = await t.call<Answer<null>>('DELETE', `/api/portal/Ftp/Firmware/${fw.id}`, {
      token: admin,
    });
    expect(deleted.status).toBe(200);
    expect(deleted.body.message).toBe('Firmware deleted.');
    expect(await storedKeys()).not.toContain(row!.storeKey);
    const after = await t.call<Answer<Firmware[]>>('GET', '/api/portal/Ftp/GetFirmwares', { token: admin });
    expect(after.body.data.some((f) => f.id === fw.id)).toBe(false);
    const lines = await t.database.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.action, 'delete'), eq(auditLogs.entity, 'firmware')));
    expect(lines.map((l) => l.entityId)).toEqual([String(fw.id)]);
  });
});

describe('firmware permissions', () => {
  it('gives Finance and the Site Safety Officer nothing, Technical Support everything', async () => {
    for (const token of [finance, safety]) {
      expect((await t.call('GET', '/api/portal/Ftp/GetFirmwares', { token })).status).toBe(403);
      expect((await upload(token, { version: '1' }, { name: 'x-1.zip', data: IMAGE })).status).toBe(403);
      expect(
        (await t.call('POST', '/api/portal/ChargePoint/GetFirmwareDynamic', { token, body: {} })).status,
      ).toBe(403);
    }
    expect((await t.call('GET', '/api/portal/Ftp/GetFirmwares', { token: support })).status).toBe(200);
    expect((await t.call('GET', '/api/portal/Firmware/campaigns', { token: support })).status).toBe(200);
  });
});
