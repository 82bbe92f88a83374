import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './helper.js';

// A built portal as `vite build` leaves it: hashed assets and public files, each text file with
// the brotli and gzip copies the build writes beside it.
const dist = mkdtempSync(path.join(os.tmpdir(), 'voltline-dist-'));
const script = `export const screens = ${JSON.stringify(Array.from({ length: 400 }, (_, i) => `screen-${i}`))};\n`;
const page = `<!doctype html><html><head><title>Voltline</title></head><body>${'<div></div>'.repeat(200)}</body></html>`;
const locale = JSON.stringify({
  signIn: 'Sign in',
  texts: Array.from({ length: 200 }, (_, i) => `text ${i}`),
});

function write(file: string, text: string) {
  const full = path.join(dist, file);
  mkdirSync(path.dirname(full), { recursive: true });
  writeFileSync(full, text);
  writeFileSync(`${full}.br`, brotliCompressSync(Buffer.from(text)));
  writeFileSync(`${full}.gz`, gzipSync(Buffer.from(text)));
}

let t: TestApp;

beforeAll(async () => {
  write('index.html', page);
  write('assets/index-3fa9c1.js', script);
  write('locales/en/common.json', locale);
  t = await createTestApp({ WEB_DIST: dist });
});

afterAll(async () => {
  await t?.close();
  rmSync(dist, { recursive: true, force: true });
});

const get = (url: string, encoding?: string) =>
  t.app.inject({ method: 'GET', url, headers: encoding ? { 'accept-encoding': encoding } : {} });

describe('the portal’s files', () => {
  it('are sent brotli-compressed to a browser that accepts it, cached for good when hashed', async () => {
    const res = await get('/assets/index-3fa9c1.js', 'gzip, deflate, br, zstd');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(String(res.headers.vary)).toMatch(/accept-encoding/i);
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.rawPayload.length).toBeLessThan(script.length / 3);
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(script);
  });

  it('are sent gzip-compressed where brotli is not accepted, and as they are where nothing is', async () => {
    const gz = await get('/locales/en/common.json', 'gzip');
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gz.headers['cache-control']).toBe('no-cache');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(locale);

    const plain = await get('/locales/en/common.json');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(String(plain.headers.vary)).toMatch(/accept-encoding/i);
    expect(plain.body).toBe(locale);
  });

  it('give a deep link into the portal the compressed page, never cached', async () => {
    const res = await get('/portal/management/booking', 'br');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.headers['cache-control']).toBe('no-cache');
    expect(res.headers['content-encoding']).toBe('br');
    expect(brotliDecompressSync(res.rawPayload).toString()).toBe(page);
  });
});
