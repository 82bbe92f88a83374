import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  createServer as createTcpServer,
  type AddressInfo,
  type Server as TcpServer,
  type Socket,
} from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { startCharger, type SimCharger } from './index.js';
import { download, downloadFile, upload, uploadFile } from './transfer.js';
import { TestCentralSystem } from './test-server.js';

let cs: TestCentralSystem;
let http: Server;
let httpBase = '';
const uploads: Array<{ method: string; url: string; body: string; contentType: string | undefined }> = [];
const chargers: SimCharger[] = [];

beforeAll(async () => {
  cs = await new TestCentralSystem().start();
  http = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      if (req.method === 'GET' && req.url === '/files/voltline-2.4.0.bin') {
        res.end(Buffer.alloc(4096, 7));
      } else if (req.method === 'GET' && req.url === '/files/firmware.update') {
        // An image whose name says nothing: its header declares the version it installs.
        res.end(Buffer.concat([Buffer.from('VLFW1\nversion=3.1.4\n'), Buffer.alloc(4096, 7)]));
      } else if (req.method === 'PUT' || req.method === 'POST') {
        const body = Buffer.concat(chunks).toString('utf8');
        uploads.push({
          method: req.method,
          url: req.url ?? '',
          body,
          contentType: req.headers['content-type'],
        });
        res.statusCode = 201;
        res.end();
      } else {
        res.statusCode = 404;
        res.end();
      }
    });
  });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  httpBase = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
});
afterEach(async () => {
  await Promise.all(chargers.splice(0).map((c) => c.close()));
});
afterAll(async () => {
  await cs.close();
  await new Promise((resolve) => http.close(resolve));
});

async function charger(id: string): Promise<SimCharger> {
  const c = await startCharger({ url: cs.url, id, speed: 10, rebootDelay: 1, firmware: '2.3.0' });
  chargers.push(c);
  await cs.until(() => cs.clients.has(id));
  return c;
}

function statuses(id: string, action: string): unknown[] {
  return cs.messages(id, action).map((m) => m.payload.status);
}

describe('UpdateFirmware', () => {
  it('downloads, installs, reboots and boots with the new firmware version', async () => {
    const c = await charger('CP-FW');
    const res = await cs.call('CP-FW', 'UpdateFirmware', {
      location: `${httpBase}/files/voltline-2.4.0.bin`,
      retrieveDate: new Date().toISOString(),
    });
    expect(res).toEqual({});
    const boot = await cs.nth('CP-FW', 'BootNotification', 2, 5000);
    expect(statuses('CP-FW', 'FirmwareStatusNotification')).toEqual([
      'Downloading',
      'Downloaded',
      'Installing',
      'Installed',
    ]);
    expect(boot.payload.firmwareVersion).toBe('2.4.0');
    expect(c.firmwareVersion).toBe('2.4.0');
  });

  it('boots with the version the downloaded image declares when its name carries none', async () => {
    const c = await charger('CP-FW-HEAD');
    await cs.call('CP-FW-HEAD', 'UpdateFirmware', {
      location: `${httpBase}/files/firmware.update`,
      retrieveDate: new Date().toISOString(),
    });
    const boot = await cs.nth('CP-FW-HEAD', 'BootNotification', 2, 5000);
    expect(boot.payload.firmwareVersion).toBe('3.1.4');
    expect(c.firmwareVersion).toBe('3.1.4');
  });

  it('reports DownloadFailed after its retries when the file is missing', async () => {
    await charger('CP-FW-404');
    await cs.call('CP-FW-404', 'UpdateFirmware', {
      location: `${httpBase}/files/missing-9.9.9.bin`,
      retrieveDate: new Date().toISOString(),
      retries: 1,
      retryInterval: 1,
    });
    await cs.until(
      () => statuses('CP-FW-404', 'FirmwareStatusNotification').includes('DownloadFailed'),
      3000,
    );
    expect(statuses('CP-FW-404', 'FirmwareStatusNotification')).toEqual([
      'Downloading',
      'Downloading',
      'DownloadFailed',
    ]);
    expect(cs.messages('CP-FW-404', 'BootNotification')).toHaveLength(1);
  });
});

describe('GetDiagnostics', () => {
  it('answers with a file name and uploads the log to the location over HTTP', async () => {
    await charger('CP-DIAG');
    const res = await cs.call('CP-DIAG', 'GetDiagnostics', { location: `${httpBase}/diagnostics/` });
    expect(res.fileName).toMatch(/^CP-DIAG-diagnostics-.*\.log$/);
    await cs.until(() => statuses('CP-DIAG', 'DiagnosticsStatusNotification').includes('Uploaded'), 3000);
    expect(statuses('CP-DIAG', 'DiagnosticsStatusNotification')).toEqual(['Uploading', 'Uploaded']);
    const put = uploads.find((u) => u.url === `/diagnostics/${res.fileName ?? ''}`);
    expect(put?.method).toBe('PUT');
    expect(put?.body).toContain('# Diagnostics of CP-DIAG');
    expect(put?.body).toContain('HeartbeatInterval=');
  });

  it('reports UploadFailed when nobody listens at the location', async () => {
    await charger('CP-DIAG-FAIL');
    await cs.call('CP-DIAG-FAIL', 'GetDiagnostics', { location: 'http://127.0.0.1:1/upload/' });
    await cs.until(
      () => statuses('CP-DIAG-FAIL', 'DiagnosticsStatusNotification').includes('UploadFailed'),
      3000,
    );
    expect(statuses('CP-DIAG-FAIL', 'DiagnosticsStatusNotification')).toEqual(['Uploading', 'UploadFailed']);
  });
});

/** Just enough of an FTP server (passive mode, RETR, STOR) to check the charger's FTP client. */
function fakeFtp(files: Map<string, Buffer>): Promise<TcpServer> {
  const server = createTcpServer((control: Socket) => {
    let dataSocket: Promise<Socket> | undefined;
    const reply = (line: string): boolean => control.write(`${line}\r\n`);
    reply('220 fake ftp');
    control.on('data', (chunk: Buffer) => {
      for (const line of chunk.toString('utf8').split('\r\n').filter(Boolean)) {
        const [cmd = '', ...rest] = line.split(' ');
        const arg = rest.join(' ');
        if (cmd === 'USER') reply('331 password please');
        else if (cmd === 'PASS') reply(arg === 'pw' ? '230 welcome' : '530 no');
        else if (cmd === 'TYPE') reply('200 binary');
        else if (cmd === 'PASV') {
          dataSocket = new Promise<Socket>((resolve) => {
            const data = createTcpServer((socket) => {
              data.close();
              resolve(socket);
            });
            data.listen(0, '127.0.0.1', () => {
              const port = (data.address() as AddressInfo).port;
              reply(`227 Entering Passive Mode (127,0,0,1,${port >> 8},${port & 255})`);
            });
          });
        } else if (cmd === 'RETR' || cmd === 'STOR') {
          reply('150 opening');
          void dataSocket?.then((socket) => {
            if (cmd === 'RETR') {
              socket.end(files.get(arg) ?? Buffer.alloc(0), () => reply('226 done'));
            } else {
              const parts: Buffer[] = [];
              socket.on('data', (b: Buffer) => parts.push(b));
              socket.on('end', () => {
                files.set(arg, Buffer.concat(parts));
                reply('226 stored');
              });
            }
          });
        } else reply('502 not here');
      }
    });
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

describe('FTP transfers', () => {
  it('retrieves and stores files over passive-mode FTP with credentials from the URL', async () => {
    const files = new Map([['/fw/voltline-3.0.0.bin', Buffer.from('firmware-bytes')]]);
    const server = await fakeFtp(files);
    const port = (server.address() as AddressInfo).port;
    try {
      const got = await download(`ftp://charger:pw@127.0.0.1:${port}/fw/voltline-3.0.0.bin`, 2000);
      expect(got.toString()).toBe('firmware-bytes');
      await upload(`ftp://charger:pw@127.0.0.1:${port}/diag/`, 'log.txt', Buffer.from('hello'), 'PUT', 2000);
      expect(files.get('/diag/log.txt')?.toString()).toBe('hello');
      await expect(download(`ftp://charger:wrong@127.0.0.1:${port}/fw/x.bin`, 2000)).rejects.toThrow(/PASS/);
    } finally {
      server.close();
    }
  });
});

describe('downloadFile and uploadFile', () => {
  it('downloads firmware into a file over FTP and HTTP, and uploads diagnostics over FTP', async () => {
    const files = new Map([['/voltline-3.1.0.bin', Buffer.from('ftp-firmware')]]);
    const server = await fakeFtp(files);
    const port = (server.address() as AddressInfo).port;
    const dir = mkdtempSync(join(tmpdir(), 'sim-transfer-'));
    try {
      await downloadFile(`ftp://charger:pw@127.0.0.1:${port}/voltline-3.1.0.bin`, join(dir, 'a.bin'), 2000);
      expect(readFileSync(join(dir, 'a.bin'), 'utf8')).toBe('ftp-firmware');
      await downloadFile(`${httpBase}/files/voltline-2.4.0.bin`, join(dir, 'b.bin'), 2000);
      expect(readFileSync(join(dir, 'b.bin'))).toEqual(Buffer.alloc(4096, 7));
      await uploadFile(`ftp://charger:pw@127.0.0.1:${port}/`, 'diag.log', 'hello diagnostics', 2000);
      expect(files.get('/diag.log')?.toString()).toBe('hello diagnostics');
    } finally {
      server.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('leaves no file behind when a download fails', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'sim-transfer-'));
    try {
      await expect(downloadFile(`${httpBase}/files/missing.bin`, join(dir, 'x.bin'), 2000)).rejects.toThrow(
        /HTTP 404/,
      );
      expect(existsSync(join(dir, 'x.bin')) || existsSync(join(dir, 'x.bin.part'))).toBe(false);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
