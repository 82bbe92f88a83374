import { createHash } from 'node:crypto';
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from 'node:fs';
import { connect as tcpConnect, type Socket } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { PassThrough, Readable, Transform, Writable } from 'node:stream';
import { Client, FTPError } from 'basic-ftp';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { downloadFile, uploadFile } from '@voltline/simulator';
import { fileGrants, storedFiles } from '../src/db/schema/index.js';
import { manualClock } from '../src/lib/clock.js';
import type { FileStore, LocalFileStore } from '../src/modules/files/file-store.js';
import { FilesService, type UploadedFile } from '../src/modules/files/files.service.js';
import { FilesFtpServer } from '../src/modules/files/ftp-server.js';
import { LinkSigner } from '../src/modules/files/links.js';
import { createTestApp, type TestApp } from './helper.js';
import { registerChargePoint } from './ocpp-helper.js';

// Real FTP clients (basic-ftp, and the simulator's charger client) against the real FTP server on
// a free port: what a charger can do with the credentials Voltline sends, and what is kept.

const FIRMWARE = Buffer.alloc(200_000, 0xab);
const clock = manualClock();
let t: TestApp;
let files: FilesService;
let ftp: FilesFtpServer;
let port: number;
const uploaded: UploadedFile[] = [];

beforeAll(async () => {
  t = await createTestApp({}, { clock });
  await registerChargePoint(t, 'FTP-1', null);
  await registerChargePoint(t, 'FTP-2', null);
  files = t.app.services.files;
  await files.prepare();
  files.onUploaded((f) => {
    uploaded.push(f);
  });
  // Data connections idle for 300 ms are dropped, so the stalled-upload case runs quickly.
  ftp = new FilesFtpServer({
    files,
    config: { ...t.config.ftp, port: 0 },
    host: '127.0.0.1',
    log: t.app.log,
    dataIdleMs: 300,
  });
  port = await ftp.listen();
  await files.store.put('firmware/fw-2.0.zip', Readable.from([FIRMWARE]));
  await files.store.put('firmware/secret-9.zip', Readable.from([Buffer.from('not yours')]));
});
afterAll(async () => {
  await ftp.close();
  await t.close();
});

/** The URL Voltline sends, pointed at this test's server (FTP_PUBLIC_HOST is voltline.test here). */
const local = (url: string) => {
  const u = new URL(url);
  u.hostname = '127.0.0.1';
  return u;
};

async function connect(url: string | URL, onPort = port): Promise<Client> {
  const u = typeof url === 'string' ? local(url) : url;
  const client = new Client(5000);
  await client.access({ host: '127.0.0.1', port: onPort, user: u.username, password: u.password });
  return client;
}

function sink() {
  const chunks: Buffer[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _e, done) {
      chunks.push(chunk);
      done();
    },
  });
  return { stream, bytes: () => Buffer.concat(chunks) };
}

const refusal = (p: Promise<unknown>) =>
  p.then(
    () => 'accepted',
    (err: unknown) => (err instanceof FTPError ? err.message : String(err)),
  );

const tempFiles = () => readdirSync(path.join((files.store as LocalFileStore).root, '.tmp'));
async function until(check: () => boolean, ms = 15_000) {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('condition not met in time');
    await new Promise((r) => setTimeout(r, 20));
  }
}

describe('firmware downloads over FTP', () => {
  it('gives a charger exactly its file, and counts the download', async () => {
    const grant = await files.grantDownload('FTP-1', 'firmware/fw-2.0.zip', 600);
    expect(grant.ftpUrl).toMatch(
      new RegExp(`^ftp://vl[0-9a-f]{16}:[0-9a-f]{32}@voltline\\.test:${port}/fw-2\\.0\\.zip$`),
    );
    const client = await connect(grant.ftpUrl ?? '');
    try {
      expect((await client.list()).map((f) => [f.name, f.size])).toEqual([['fw-2.0.zip', FIRMWARE.length]]);
      const out = sink();
      await client.downloadTo(out.stream, '/fw-2.0.zip');
      expect(out.bytes().equals(FIRMWARE)).toBe(true);
    } finally {
      client.close();
    }
    const row = async () =>
      (await t.database.db.select().from(fileGrants).where(eq(fileGrants.id, grant.grantId)))[0];
    await expect.poll(row).toMatchObject({ kind: 'download', uses: 1, bytes: FIRMWARE.length });
    expect((await row())?.passwordHash).not.toContain(new URL(grant.ftpUrl ?? '').password);
  });

  it('shows a download login no other file, by name, path trick or absolute path, and lets it change nothing', async () => {
    const grant = await files.grantDownload('FTP-1', 'firmware/fw-2.0.zip', 600);
    const client = await connect(grant.ftpUrl ?? '');
    try {
      for (const name of [
        'secret-9.zip',
        '../secret-9.zip',
        '/firmware/secret-9.zip',
        '../../firmware/secret-9.zip',
      ]) {
        expect(await refusal(client.downloadTo(sink().stream, name)), name).toMatch(/^55\d /);
      }
      expect(await refusal(client.list('/firmware'))).toMatch(/^45\d|^55\d/);
      expect(await refusal(client.cd('..'))).toMatch(/^550 /);
      expect(await refusal(client.uploadFrom(Readable.from(['x']), 'new.zip'))).toMatch(/^502 /);
      expect(await refusal(client.remove('fw-2.0.zip'))).toMatch(/^502 /);
      expect(await refusal(client.send('MKD sub'))).toMatch(/^502 /);
      expect(await refusal(client.rename('fw-2.0.zip', 'x.zip'))).toMatch(/^502 /);
      expect((await client.list()).map((f) => f.name)).toEqual(['fw-2.0.zip']);
    } finally {
      client.close();
    }
  });

  it('refuses a wrong password, an unknown user and an expired grant with 530', async () => {
    const grant = await files.grantDownload('FTP-1', 'firmware/fw-2.0.zip', 60);
    const url = local(grant.ftpUrl ?? '');
    const wrong = new URL(url);
    wrong.password = `${url.password.slice(0, -1)}${url.password.endsWith('0') ? '1' : '0'}`;
    expect(await refusal(connect(wrong))).toBe('530 Login incorrect.');
    const stranger = new URL(url);
    stranger.username = 'vl0000000000000000';
    expect(await refusal(connect(stranger))).toBe('530 Login incorrect.');
    clock.advance(61_000);
    try {
      expect(await refusal(connect(url))).toBe('530 Login incorrect: these credentials have expired.');
    } finally {
      clock.set(new Date());
    }
  });

  it('serves the simulator charger’s FTP and HTTP downloads for real', async () => {
    const grant = await files.grantDownload('FTP-2', 'firmware/fw-2.0.zip', 600);
    const dir = mkdtempSync(path.join(os.tmpdir(), 'voltline-sim-dl-'));
    try {
      await downloadFile(local(grant.ftpUrl ?? '').href, path.join(dir, 'fw.zip'), 5000);
      expect(readFileSync(path.join(dir, 'fw.zip')).equals(FIRMWARE)).toBe(true);
      const http = await t.app.listen({ port: 0, host: '127.0.0.1' });
      const link = new URL(grant.httpUrl);
      await downloadFile(`${http}${link.pathname}`, path.join(dir, 'fw-http.zip'), 5000);
      expect(statSync(path.join(dir, 'fw-http.zip')).size).toBe(FIRMWARE.length);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('diagnostics uploads over FTP', () => {
  it('stores an upload in the charger’s own folder with its size and SHA-256, and tells the diagnostics feature', async () => {
    const grant = await files.grantUpload('FTP-1', 600, { maxBytes: 100_000 });
    expect(grant.ftpUrl).toMatch(new RegExp(`^ftp://vl[0-9a-f]{16}:[0-9a-f]{32}@voltline\\.test:${port}/$`));
    const body = Buffer.from('diagnostics of FTP-1\n'.repeat(500));
    const client = await connect(grant.ftpUrl);
    try {
      await client.uploadFrom(Readable.from([body]), 'FTP-1-diagnostics.log');
      expect((await client.list()).map((f) => [f.name, f.size])).toEqual([
        ['FTP-1-diagnostics.log', body.length],
      ]);
      expect(await refusal(client.downloadTo(sink().stream, 'FTP-1-diagnostics.log'))).toMatch(/^502 /);
      expect(await refusal(client.remove('FTP-1-diagnostics.log'))).toMatch(/^502 /);
    } finally {
      client.close();
    }
    const rows = await t.database.db.select().from(storedFiles).where(eq(storedFiles.grantId, grant.grantId));
    expect(rows).toEqual([
      expect.objectContaining({
        kind: 'diagnostics',
        name: 'FTP-1-diagnostics.log',
        key: `${grant.folder}/FTP-1-diagnostics.log`,
        size: body.length,
        sha256: createHash('sha256').update(body).digest('hex'),
      }),
    ]);
    expect(grant.folder).toMatch(/^diagnostics\/\d+\/vl[0-9a-f]{16}$/);
    await until(() => uploaded.some((f) => f.grantId === grant.grantId));

    // Another charger's upload login sees none of it.
    const other = await files.grantUpload('FTP-2', 600);
    const client2 = await connect(other.ftpUrl);
    try {
      expect(await client2.list()).toEqual([]);
      expect(await refusal(client2.size('FTP-1-diagnostics.log'))).toMatch(/^550 /);
      expect(
        await refusal(client2.size(`../${grant.folder.split('/').pop()}/FTP-1-diagnostics.log`)),
      ).toMatch(/^550 /);
    } finally {
      client2.close();
    }
  });

  it('refuses uploads that climb out of the folder, name an absolute path or a sub-folder', async () => {
    const grant = await files.grantUpload('FTP-1', 600);
    const client = await connect(grant.ftpUrl);
    try {
      for (const name of [
        '../escape.log',
        '../../../../escape.log',
        '/etc/escape.log',
        'sub/x.log',
        '.hidden',
      ]) {
        expect(await refusal(client.uploadFrom(Readable.from(['x']), name)), name).toMatch(/^55\d /);
      }
    } finally {
      client.close();
    }
    const everything = readdirSync(t.config.DATA_DIR, { recursive: true, encoding: 'utf8' });
    expect(everything.filter((f) => f.includes('escape'))).toEqual([]);
    expect(existsSync('/etc/escape.log')).toBe(false);
    expect(await files.store.list(grant.folder)).toEqual([]);
  });

  it('refuses a file larger than the grant allows and keeps nothing of it', async () => {
    const grant = await files.grantUpload('FTP-1', 600, { maxBytes: 1000 });
    const client = await connect(grant.ftpUrl);
    try {
      const result = await refusal(client.uploadFrom(Readable.from([Buffer.alloc(50_000, 1)]), 'big.log'));
      expect(result).not.toBe('accepted');
    } finally {
      client.close();
    }
    await until(() => tempFiles().length === 0);
    expect(await files.store.list(grant.folder)).toEqual([]);
    expect(
      await t.database.db.select().from(storedFiles).where(eq(storedFiles.grantId, grant.grantId)),
    ).toEqual([]);
  });

  it('says so when the disk is full, and keeps nothing', async () => {
    const real = files.store;
    const full: FileStore = {
      ...real,
      stat: (k) => real.stat(k),
      get: (k, o) => real.get(k, o),
      delete: (k) => real.delete(k),
      list: (k) => real.list(k),
      put: (key, source, opts) => {
        let seen = 0;
        const disk = new Transform({
          transform(chunk: Buffer, _e, done) {
            seen += chunk.length;
            if (seen > 1000)
              done(Object.assign(new Error('ENOSPC: no space left on device'), { code: 'ENOSPC' }));
            else done(null, chunk);
          },
        });
        disk.on('error', () => undefined);
        source.pipe(disk);
        return real.put(key, disk, opts);
      },
    };
    const onFullDisk = new FilesService({
      db: t.database.db,
      store: full,
      clock,
      log: t.app.log,
      links: new LinkSigner(t.config.JWT_SECRET),
      publicUrl: t.config.PUBLIC_URL,
      ftpHost: '127.0.0.1',
      maxUploadBytes: 1_000_000,
    });
    const server = new FilesFtpServer({
      files: onFullDisk,
      config: { ...t.config.ftp, port: 0 },
      host: '127.0.0.1',
      log: t.app.log,
    });
    const fullPort = await server.listen();
    try {
      const grant = await onFullDisk.grantUpload('FTP-1', 600);
      const client = await connect(grant.ftpUrl, fullPort);
      try {
        const result = await refusal(client.uploadFrom(Readable.from([Buffer.alloc(20_000, 2)]), 'full.log'));
        expect(result).toBe('550 The server has no space left to store this file.');
      } finally {
        client.close();
      }
      await until(() => tempFiles().length === 0);
      expect(await real.list(grant.folder)).toEqual([]);
    } finally {
      await server.close();
    }
  });
});

describe('interrupted uploads', () => {
  /** Starts an upload that sends 64 KiB and then waits, and resolves once the server is writing it. */
  async function stalledUpload(url: string) {
    const client = await connect(url);
    const source = new PassThrough();
    source.write(Buffer.alloc(65_536, 3));
    const upload = refusal(client.uploadFrom(source, 'cut.log'));
    await until(() =>
      tempFiles().some((f) => statSync(path.join((files.store as LocalFileStore).root, '.tmp', f)).size > 0),
    );
    return { client, source, upload };
  }

  async function nothingKept(folder: string) {
    await until(() => tempFiles().length === 0);
    await new Promise((r) => setTimeout(r, 200));
    expect(await files.store.list(folder)).toEqual([]);
    const rows = await t.database.db.select().from(storedFiles);
    expect(rows.filter((r) => r.key.startsWith(`${folder}/`))).toEqual([]);
  }

  it('keeps nothing when the charger vanishes mid-upload (both connections closed)', async () => {
    const grant = await files.grantUpload('FTP-2', 600);
    const { client, upload } = await stalledUpload(grant.ftpUrl);
    client.close();
    expect(await upload).not.toBe('accepted');
    await nothingKept(grant.folder);
  });

  it('keeps nothing when the data connection is reset mid-upload', async () => {
    const grant = await files.grantUpload('FTP-2', 600);
    const { client, upload } = await stalledUpload(grant.ftpUrl);
    client.ftp.dataSocket?.resetAndDestroy();
    expect(await upload).not.toBe('accepted');
    client.close();
    await nothingKept(grant.folder);
  });

  it('keeps nothing when the data stops flowing and the connection goes idle', async () => {
    const grant = await files.grantUpload('FTP-2', 600);
    const { client, upload } = await stalledUpload(grant.ftpUrl);
    expect(await upload).not.toBe('accepted');
    client.close();
    await nothingKept(grant.folder);
  });
});

describe('the simulator charger’s diagnostics upload', () => {
  it('lands in Voltline’s store over FTP for real', async () => {
    const grant = await files.grantUpload('FTP-2', 600);
    await uploadFile(local(grant.ftpUrl).href, 'FTP-2-diagnostics.log', 'sim log\n', 5000);
    const [row] = await t.database.db
      .select()
      .from(storedFiles)
      .where(eq(storedFiles.grantId, grant.grantId));
    expect(row).toMatchObject({ name: 'FTP-2-diagnostics.log', size: 8 });
  });
});

describe('FTP connections that do not log in', () => {
  /** A control connection read as text, with its end awaited. */
  function rawControl(onPort: number) {
    const socket: Socket = tcpConnect(onPort, '127.0.0.1');
    let text = '';
    socket.on('data', (d: Buffer) => (text += d.toString()));
    const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
    return { socket, closed, text: () => text };
  }

  async function limitedServer(loginTimeoutMs: number, maxConnectionsPerAddress: number) {
    const server = new FilesFtpServer({
      files,
      config: { ...t.config.ftp, port: 0, loginTimeoutMs, maxConnectionsPerAddress },
      host: '127.0.0.1',
      log: t.app.log,
    });
    const serverPort = await server.listen();
    files.setFtpPort(port); // grants keep naming the main test server
    return { server, serverPort };
  }

  it('closes a connection that does not log in within the timeout, and keeps one that did', async () => {
    const { server, serverPort } = await limitedServer(400, 10);
    try {
      const grant = await files.grantDownload('FTP-1', 'firmware/fw-2.0.zip', 600);
      const u = local(grant.ftpUrl ?? '');
      u.port = String(serverPort);
      const client = await connect(u, serverPort);
      const idle = rawControl(serverPort);
      await idle.closed;
      expect(idle.text()).toMatch(/^220.*\r\n421 Login timeout/s);
      expect((await client.list()).map((f) => f.name)).toEqual(['fw-2.0.zip']);
      client.close();
    } finally {
      await server.close();
      files.setFtpPort(port);
    }
  });

  it('refuses an address its connections past FTP_MAX_CONNECTIONS_PER_ADDRESS', async () => {
    const { server, serverPort } = await limitedServer(60_000, 3);
    const held = [rawControl(serverPort), rawControl(serverPort), rawControl(serverPort)];
    try {
      await until(() => held.every((c) => c.text().startsWith('220')));
      const extra = rawControl(serverPort);
      await extra.closed;
      expect(extra.text()).toContain('421 Too many connections from this address');
      // One goes: another may come.
      held[0]!.socket.destroy();
      await held[0]!.closed;
      const next = rawControl(serverPort);
      await until(() => next.text().startsWith('220'));
      expect(next.socket.destroyed).toBe(false);
      next.socket.destroy();
    } finally {
      for (const c of held) c.socket.destroy();
      await server.close();
      files.setFtpPort(port);
    }
  });
});
