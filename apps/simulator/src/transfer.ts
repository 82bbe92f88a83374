import { rename, rm, writeFile } from 'node:fs/promises';
import { Readable } from 'node:stream';
import { ftpDownloadTo, ftpRetrieve, ftpStore } from './ftp.js';

/** Downloads a file from an http(s):// or ftp:// location. */
export async function download(location: string, timeoutMs = 60_000): Promise<Buffer> {
  const url = new URL(location);
  if (url.protocol === 'ftp:') return await ftpRetrieve(url, timeoutMs);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new Error(`Unsupported location ${url.protocol}`);
  }
  const res = await fetch(url, { signal: AbortSignal.timeout(timeoutMs) });
  if (!res.ok) throw new Error(`GET ${location}: HTTP ${res.status}`);
  return Buffer.from(await res.arrayBuffer());
}

/**
 * Uploads a file to a location as chargers do: a location ending in "/" is a folder the file name is added
 * to. HTTP uploads PUT the raw file or POST it as multipart/form-data (field "file").
 */
export async function upload(
  location: string,
  fileName: string,
  body: Buffer,
  method: 'PUT' | 'POST' = 'PUT',
  timeoutMs = 60_000,
): Promise<void> {
  const url = new URL(location.endsWith('/') ? `${location}${encodeURIComponent(fileName)}` : location);
  if (url.protocol === 'ftp:') return await ftpStore(url, Readable.from([body]), timeoutMs);
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new Error(`Unsupported location ${url.protocol}`);
  }
  let init: RequestInit;
  if (method === 'POST') {
    const form = new FormData();
    form.append('file', new Blob([new Uint8Array(body)]), fileName);
    init = { method, body: form };
  } else {
    init = { method, body: new Uint8Array(body), headers: { 'content-type': 'application/octet-stream' } };
  }
  const res = await fetch(url, { ...init, signal: AbortSignal.timeout(timeoutMs) });
  await res.arrayBuffer();
  if (!res.ok) throw new Error(`${method} ${url.href}: HTTP ${res.status}`);
}

/**
 * Downloads a file from an ftp:// or http(s):// location into the file `dest`, as a charger
 * stores a firmware image: written beside it first and renamed when complete, so `dest` never
 * holds half a file.
 */
export async function downloadFile(location: string, dest: string, timeoutMs = 60_000): Promise<void> {
  const url = new URL(location);
  const partial = `${dest}.part`;
  try {
    if (url.protocol === 'ftp:') {
      await ftpDownloadTo(url, partial, timeoutMs);
    } else if (url.protocol === 'http:' || url.protocol === 'https:') {
      await writeFile(partial, await download(location, timeoutMs));
    } else {
      throw new Error(`Unsupported location ${url.protocol}`);
    }
    await rename(partial, dest);
  } catch (err) {
    await rm(partial, { force: true });
    throw err;
  }
}

/**
 * Uploads `content` as `name` to an ftp:// (or http(s)://) location as GetDiagnostics gives it: a
 * location ending in "/" is a folder the name is added to.
 */
export async function uploadFile(
  location: string,
  name: string,
  content: Buffer | string,
  timeoutMs = 60_000,
): Promise<void> {
  await upload(location, name, Buffer.from(content), 'PUT', timeoutMs);
}
