import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helper.js';
import { multipart } from './multipart.js';

// A form cut short (a dropped connection, a broken client) is the sender's mistake: 400 with
// words in the caller's language, and nothing of it kept. It used to answer 500.

let t: TestApp;
let admin: string;
type Err = { error: string; code: string };

beforeAll(async () => {
  t = await createTestApp();
  admin = await t.login('admin@voltline.local');
});
afterAll(() => t.close());

function upload(payload: Buffer, headers: Record<string, string>, locale = 'en') {
  return t.app.inject({
    method: 'POST',
    url: '/api/portal/Ftp/UploadFirmware',
    headers: { ...headers, authorization: `Bearer ${admin}`, 'accept-language': locale },
    payload,
  });
}

const form = () =>
  multipart(
    { version: '1.2.3', brand: 'ABB', models: 'Terra 54' },
    { name: 'fw.zip', data: Buffer.alloc(4096, 7) },
  );

describe('a firmware upload cut short', () => {
  it('answers 400 with words when the form ends inside the file', async () => {
    const { payload, headers } = form();
    const r = await upload(payload.subarray(0, payload.length - 600), headers);
    expect(r.statusCode).toBe(400);
    expect(r.json<Err>()).toEqual({
      error: 'The upload was cut short or is not a well-formed form. Send the file again.',
      code: 'upload.malformed',
    });
    const list = await t.call<{ data: unknown[] }>('GET', '/api/portal/Ftp/GetFirmwares', { token: admin });
    expect(list.body.data).toEqual([]);
  });

  it('answers 400 in Turkish when the form ends among the fields', async () => {
    const { payload, headers } = form();
    const r = await upload(payload.subarray(0, 60), headers, 'tr');
    expect(r.statusCode).toBe(400);
    expect(r.json<Err>().code).toBe('upload.malformed');
    expect(r.json<Err>().error).toMatch(/yükleme yarıda kesildi/i);
  });

  it('answers 400 with words to a form whose boundary is missing', async () => {
    const { payload } = form();
    const r = await upload(payload, { 'content-type': 'multipart/form-data' });
    expect(r.statusCode).toBe(400);
    expect(r.json<Err>().code).toBe('upload.malformed');
  });
});
