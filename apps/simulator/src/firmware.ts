import type { FirmwareStatus, SimCharger } from './charger.js';
import type { Ocpp } from '@voltline/contract';
import { download } from './transfer.js';

/** Simulated seconds: how long installing takes, and how often to check that sessions have ended. */
const INSTALL_S = 3;
const WAIT_FOR_SESSIONS_S = 10;

function sleep(charger: SimCharger, simSeconds: number): Promise<void> {
  return new Promise((resolve) => charger.later(simSeconds, resolve));
}

async function report(charger: SimCharger, status: FirmwareStatus): Promise<void> {
  charger.firmwareStatus = status;
  await charger.send('FirmwareStatusNotification', { status }).catch(() => undefined);
}

const VERSION = String.raw`(\d+(?:\.\d+)+(?:[-+][0-9A-Za-z.]+)?)`;
/** How an image header or manifest states its version: `version=2.1.0`, `VERSION: 2.1.0`, `"version": "2.1.0"`. */
const DECLARED = new RegExp(String.raw`\bversion["']?\s*[:=]\s*["']?v?` + VERSION, 'i');
/** Image headers sit at the start; a charger does not scan the whole image. */
const HEADER_BYTES = 4096;

/** The version an image declares in its header, as a real image does; undefined when it declares none. */
export function versionInImage(file: Buffer): string | undefined {
  return DECLARED.exec(file.subarray(0, HEADER_BYTES).toString('latin1'))?.[1];
}

/** The version a firmware file's name carries (e.g. "voltline-2.1.0.zip" → "2.1.0"). */
export function versionInName(location: string): string | undefined {
  const name = decodeURIComponent(new URL(location).pathname.split('/').pop() ?? '');
  return new RegExp(VERSION).exec(name.replace(/\.(bin|img|tar|gz|zip|hex|update)$/gi, ''))?.[1];
}

/**
 * The version the charger boots with after installing the downloaded image: the one the image
 * declares, else the one its name carries; an image that says neither gives `<current>-update`.
 */
export function installedVersion(file: Buffer, location: string, current: string): string {
  return versionInImage(file) ?? versionInName(location) ?? `${current}-update`;
}

/** Downloading → Downloaded → Installing → Installed → reboot with the new version (or a failure status). */
export async function updateFirmware(
  charger: SimCharger,
  req: Ocpp.OcppRequests['UpdateFirmware'],
): Promise<void> {
  const attempts = Math.max(1, (req.retries ?? 0) + 1);
  let file: Buffer | undefined;
  for (let attempt = 1; attempt <= attempts && !file; attempt++) {
    await report(charger, 'Downloading');
    try {
      file = await download(req.location, charger.options.callTimeoutMs * 2);
    } catch (err) {
      charger.options.logger.warn(`${charger.id}: firmware download failed: ${String(err)}`);
      if (attempt < attempts) await sleep(charger, req.retryInterval ?? 30);
    }
  }
  if (!file) {
    await report(charger, 'DownloadFailed');
    charger.firmwareStatus = 'Idle';
    return;
  }
  await report(charger, 'Downloaded');
  // A charger does not install under a running session.
  while (charger.connectors.some((c) => c.transaction) && !charger.isClosed) {
    await sleep(charger, WAIT_FOR_SESSIONS_S);
  }
  await report(charger, 'Installing');
  await sleep(charger, INSTALL_S);
  if (file.length === 0) {
    await report(charger, 'InstallationFailed');
    charger.firmwareStatus = 'Idle';
    return;
  }
  await report(charger, 'Installed');
  charger.firmwareStatus = 'Idle';
  await charger.reboot('Hard', installedVersion(file, req.location, charger.firmwareVersion));
}
