import { X509Certificate, verify } from 'node:crypto';
import type { Ocpp } from '@voltline/contract';
import type { SimCharger } from './charger.js';
import { installedVersion } from './firmware.js';
import { download } from './transfer.js';

type SignedUpdate = Ocpp.OcppRequests['SignedUpdateFirmware'];
type SignedStatus = Ocpp.OcppRequests['SignedFirmwareStatusNotification']['status'];

/** Simulated seconds: how long installing takes, and how often to check that sessions have ended. */
const INSTALL_S = 3;
const WAIT_FOR_SESSIONS_S = 10;

function sleep(charger: SimCharger, simSeconds: number): Promise<void> {
  return new Promise((resolve) => charger.later(simSeconds, resolve));
}

/** The signing certificate, or null when it is not a certificate this charger can read. */
export function signingCertificate(pem: string): X509Certificate | null {
  try {
    return new X509Certificate(pem);
  } catch {
    return null;
  }
}

/** Whether `signature` (base64) is the certificate key's SHA-256 signature of the file (RSA or ECDSA). */
export function signatureMatches(file: Buffer, cert: X509Certificate, signature: string): boolean {
  try {
    return verify('sha256', file, cert.publicKey, Buffer.from(signature, 'base64'));
  } catch {
    return false;
  }
}

async function report(charger: SimCharger, requestId: number, status: SignedStatus): Promise<void> {
  // The ordinary status keeps what a triggered FirmwareStatusNotification reports.
  const plain = [
    'Downloading',
    'Downloaded',
    'DownloadFailed',
    'Installing',
    'Installed',
    'InstallationFailed',
  ];
  if (plain.includes(status)) charger.firmwareStatus = status as typeof charger.firmwareStatus;
  await charger.send('SignedFirmwareStatusNotification', { status, requestId }).catch(() => undefined);
}

/**
 * Downloading → Downloaded → SignatureVerified → Installing → Installed → reboot with the new
 * version; InvalidSignature when the file's signature does not verify with the signing certificate.
 */
export async function signedUpdateFirmware(charger: SimCharger, req: SignedUpdate): Promise<void> {
  const { requestId, firmware } = req;
  const attempts = Math.max(1, (req.retries ?? 0) + 1);
  let file: Buffer | undefined;
  for (let attempt = 1; attempt <= attempts && !file; attempt++) {
    await report(charger, requestId, 'Downloading');
    try {
      file = await download(firmware.location, charger.options.callTimeoutMs * 2);
    } catch (err) {
      charger.options.logger.warn(`${charger.id}: signed firmware download failed: ${String(err)}`);
      if (attempt < attempts) await sleep(charger, req.retryInterval ?? 30);
    }
  }
  const done = () => {
    charger.firmwareStatus = 'Idle';
  };
  if (!file) {
    await report(charger, requestId, 'DownloadFailed');
    return done();
  }
  await report(charger, requestId, 'Downloaded');
  const cert = signingCertificate(firmware.signingCertificate);
  if (!cert || !signatureMatches(file, cert, firmware.signature)) {
    await report(charger, requestId, 'InvalidSignature');
    return done();
  }
  await report(charger, requestId, 'SignatureVerified');
  const installAt = firmware.installDateTime ? new Date(firmware.installDateTime).getTime() : 0;
  if (installAt > Date.now()) {
    await report(charger, requestId, 'InstallScheduled');
    await new Promise<void>((resolve) => charger.options.scheduler.after(installAt - Date.now(), resolve));
  }
  while (charger.connectors.some((c) => c.transaction) && !charger.isClosed) {
    await sleep(charger, WAIT_FOR_SESSIONS_S);
  }
  await report(charger, requestId, 'Installing');
  await sleep(charger, INSTALL_S);
  await report(charger, requestId, 'Installed');
  done();
  await charger.reboot('Hard', installedVersion(file, firmware.location, charger.firmwareVersion));
}
