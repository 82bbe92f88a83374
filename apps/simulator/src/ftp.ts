import { Writable, type Readable } from 'node:stream';
import { Client } from 'basic-ftp';

/**
 * FTP as a charger speaks it, through basic-ftp: credentials from the URL, binary mode, a
 * passive data connection (EPSV, else PASV). Errors name the step that failed and the server's
 * reply, which is what a charger's log would show.
 */
async function session<T>(url: URL, timeoutMs: number, work: (client: Client) => Promise<T>): Promise<T> {
  const client = new Client(timeoutMs);
  try {
    try {
      await client.access({
        host: url.hostname.replace(/^\[(.*)\]$/, '$1'),
        port: Number(url.port || 21),
        user: decodeURIComponent(url.username) || 'anonymous',
        password: decodeURIComponent(url.password) || 'charger@voltline',
      });
    } catch (err) {
      throw new Error(`FTP login (USER/PASS) to ${url.host} failed: ${(err as Error).message}`, {
        cause: err,
      });
    }
    return await work(client);
  } finally {
    client.close();
  }
}

const remotePath = (url: URL) => decodeURIComponent(url.pathname);

/** Downloads the file at an ftp:// URL into `dest`: a writable stream or a local file path. */
export async function ftpDownloadTo(url: URL, dest: Writable | string, timeoutMs: number): Promise<void> {
  await session(url, timeoutMs, async (client) => {
    try {
      await client.downloadTo(dest, remotePath(url));
    } catch (err) {
      throw new Error(`FTP RETR ${remotePath(url)} failed: ${(err as Error).message}`, { cause: err });
    }
  });
}

export async function ftpRetrieve(url: URL, timeoutMs: number): Promise<Buffer> {
  const chunks: Buffer[] = [];
  const sink = new Writable({
    write(chunk: Buffer, _encoding, done) {
      chunks.push(chunk);
      done();
    },
  });
  await ftpDownloadTo(url, sink, timeoutMs);
  return Buffer.concat(chunks);
}

/** Uploads to the exact path of an ftp:// URL (the caller adds the file name to a folder URL). */
export async function ftpStore(url: URL, body: Readable | string, timeoutMs: number): Promise<void> {
  await session(url, timeoutMs, async (client) => {
    try {
      await client.uploadFrom(body, remotePath(url));
    } catch (err) {
      throw new Error(`FTP STOR ${remotePath(url)} failed: ${(err as Error).message}`, { cause: err });
    }
  });
}
