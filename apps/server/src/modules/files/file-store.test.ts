import { createHash } from 'node:crypto';
import { mkdtempSync, readdirSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { text } from 'node:stream/consumers';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { FileStoreError, LocalFileStore, normaliseKey, safeName } from './file-store.js';

let root: string;
let store: LocalFileStore;

beforeEach(async () => {
  root = mkdtempSync(path.join(os.tmpdir(), 'voltline-files-'));
  store = await new LocalFileStore(path.join(root, 'files')).open();
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

/** Everything on disk under the store, temporary files included. */
const onDisk = () =>
  readdirSync(store.root, { recursive: true, withFileTypes: true }).filter((e) => e.isFile());

function failingAfter(bytes: number, error: Error): Readable {
  let sent = false;
  return new Readable({
    read() {
      if (!sent) {
        sent = true;
        this.push(Buffer.alloc(bytes, 1));
      } else this.destroy(error);
    },
  });
}

describe('file keys', () => {
  it('refuses "..", absolute paths, backslashes, NUL, hidden names and empty segments', () => {
    for (const key of [
      '../x',
      'a/../b',
      '/etc/passwd',
      'a\\b',
      'a\0b',
      '.tmp/x',
      'a//b',
      'a/',
      '',
      'a/./b',
    ]) {
      expect(() => normaliseKey(key), key).toThrow(FileStoreError);
    }
    expect(normaliseKey('firmware/abb 1.2.zip')).toBe('firmware/abb 1.2.zip');
    expect(safeName('x'.repeat(256))).toBeNull();
    expect(safeName('log\n.txt')).toBeNull();
  });
});

describe('the local file store', () => {
  it('stores a file whole, with its size and SHA-256, and reads, lists, stats and deletes it', async () => {
    const body = Buffer.from('firmware image');
    const stored = await store.put('firmware/fw-1.0.zip', Readable.from([body]));
    expect(stored).toEqual({
      key: 'firmware/fw-1.0.zip',
      size: body.length,
      sha256: createHash('sha256').update(body).digest('hex'),
    });
    expect(await text(await store.get('firmware/fw-1.0.zip'))).toBe('firmware image');
    expect(await text(await store.get('firmware/fw-1.0.zip', { start: 9 }))).toBe('image');
    expect((await store.stat('firmware/fw-1.0.zip'))?.size).toBe(body.length);
    expect((await store.list('firmware')).map((f) => f.key)).toEqual(['firmware/fw-1.0.zip']);
    expect(await store.delete('firmware/fw-1.0.zip')).toBe(true);
    expect(await store.stat('firmware/fw-1.0.zip')).toBeNull();
    await expect(store.get('firmware/fw-1.0.zip')).rejects.toMatchObject({ reason: 'notFound' });
  });

  it('refuses a file past its size limit and keeps nothing of it', async () => {
    const big = Readable.from([Buffer.alloc(600), Buffer.alloc(600)]);
    await expect(store.put('diagnostics/1/big.log', big, { maxBytes: 1000 })).rejects.toMatchObject({
      reason: 'tooLarge',
    });
    expect(onDisk()).toEqual([]);
  });

  it('keeps nothing when the disk fills up mid-write, and says so', async () => {
    const full = Object.assign(new Error('ENOSPC: no space left on device, write'), { code: 'ENOSPC' });
    await expect(store.put('diagnostics/1/a.log', failingAfter(100, full))).rejects.toMatchObject({
      reason: 'diskFull',
      message: 'The server has no space left to store this file.',
    });
    expect(onDisk()).toEqual([]);
  });

  it('keeps the previous file when a replacement is interrupted', async () => {
    await store.put('firmware/a.zip', Readable.from([Buffer.from('old')]));
    await expect(
      store.put('firmware/a.zip', failingAfter(10, new Error('socket hang up'))),
    ).rejects.toThrow();
    expect(await text(await store.get('firmware/a.zip'))).toBe('old');
    expect(onDisk().map((e) => e.name)).toEqual(['a.zip']);
  });

  it('refuses keys outside its root before touching the disk', async () => {
    await expect(store.put('../escape.txt', Readable.from(['x']))).rejects.toMatchObject({
      reason: 'badKey',
    });
    await expect(store.get('/etc/passwd')).rejects.toMatchObject({ reason: 'badKey' });
    expect(readdirSync(root)).toEqual(['files']);
  });

  it('removes at start what a crashed process left half-written a day ago, and nothing newer', async () => {
    const old = path.join(store.root, '.tmp', 'old.part');
    const recent = path.join(store.root, '.tmp', 'recent.part');
    writeFileSync(old, 'x');
    writeFileSync(recent, 'y');
    const twoDaysAgo = new Date(Date.now() - 48 * 3600_000);
    utimesSync(old, twoDaysAgo, twoDaysAgo);
    await store.open();
    expect(readdirSync(path.join(store.root, '.tmp'))).toEqual(['recent.part']);
  });
});
