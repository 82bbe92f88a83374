import type { Ocpp201 } from '@voltline/contract';
import { installedVersion } from '../firmware.js';
import { signatureMatches, signingCertificate } from '../signed-firmware.js';
import { download, upload } from '../transfer.js';
import type { SimCharger201 } from './charger.js';

type Req = Ocpp201.OcppRequests;
type FirmwareStatus = Req['FirmwareStatusNotification']['status'];
type LogStatus = Req['LogStatusNotification']['status'];

/** Simulated seconds: installing, and how often to look whether sessions have ended or the boot is done. */
const INSTALL_S = 3;
const POLL_S = 1;

const sleep = (s: SimCharger201, seconds: number) =>
  new Promise<void>((resolve) => s.later(seconds, resolve));

async function firmwareStatus(s: SimCharger201, requestId: number, status: FirmwareStatus) {
  s.firmwareStatus = status;
  await s.send('FirmwareStatusNotification', { status, requestId }).catch(() => undefined);
}

/**
 * L01/L02: Downloading → Downloaded → (signed: SignatureVerified, or InvalidSignature and stop) →
 * Installing → InstallRebooting → reboot (reason FirmwareUpdate) with the new version → Installed,
 * every notification naming the request. A station does not install under a transaction.
 */
export async function runFirmwareUpdate(s: SimCharger201, req: Req['UpdateFirmware']): Promise<void> {
  const { requestId, firmware } = req;
  const attempts = Math.max(1, (req.retries ?? 0) + 1);
  let file: Buffer | undefined;
  for (let attempt = 1; attempt <= attempts && !file && s.firmwareRequest === requestId; attempt++) {
    await firmwareStatus(s, requestId, 'Downloading');
    try {
      file = await download(firmware.location, s.options.callTimeoutMs * 2);
    } catch (err) {
      s.options.logger.warn(`${s.id}: firmware download failed: ${String(err)}`);
      if (attempt < attempts) await sleep(s, req.retryInterval ?? 30);
    }
  }
  if (s.firmwareRequest !== requestId) return;
  const done = () => {
    s.firmwareStatus = 'Idle';
    s.firmwareRequest = undefined;
  };
  if (!file) return (done(), await firmwareStatus(s, requestId, 'DownloadFailed'));
  await firmwareStatus(s, requestId, 'Downloaded');
  if (firmware.signingCertificate || firmware.signature) {
    const cert = signingCertificate(firmware.signingCertificate ?? '');
    if (!cert || !signatureMatches(file, cert, firmware.signature ?? '')) {
      done();
      await s
        .send('SecurityEventNotification', {
          type: 'InvalidFirmwareSignature',
          timestamp: new Date().toISOString(),
        })
        .catch(() => undefined);
      return await firmwareStatus(s, requestId, 'InvalidSignature');
    }
    await firmwareStatus(s, requestId, 'SignatureVerified');
  }
  while (s.evses.some((e) => e.transaction) && !s.isClosed) await sleep(s, POLL_S * 10);
  await firmwareStatus(s, requestId, 'Installing');
  await sleep(s, INSTALL_S);
  if (file.length === 0) return (done(), await firmwareStatus(s, requestId, 'InstallationFailed'));
  await firmwareStatus(s, requestId, 'InstallRebooting');
  s.firmwareVersion = installedVersion(file, firmware.location, s.firmwareVersion);
  await s.reboot('FirmwareUpdate');
  while (s.bootState !== 'Accepted' && !s.isClosed) await sleep(s, POLL_S);
  done();
  await firmwareStatus(s, requestId, 'Installed');
}

async function logStatus(s: SimCharger201, requestId: number, status: LogStatus) {
  await s.send('LogStatusNotification', { status, requestId }).catch(() => undefined);
}

/** The file a GetLog uploads: the station's diagnostics, or what it knows of its security. */
export function logFile(s: SimCharger201, req: Req['GetLog']): { name: string; body: Buffer } {
  const kind = req.logType === 'SecurityLog' ? 'security' : 'diagnostics';
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const lines = [
    `# ${kind === 'security' ? 'Security' : 'Diagnostics'} log of ${s.id}`,
    `window=${req.log.oldestTimestamp ?? '-'}..${req.log.latestTimestamp ?? '-'}`,
    `firmware=${s.firmwareVersion} boot=${s.bootState}`,
    ...(kind === 'security'
      ? [`securityProfile=${s.model.get('SecurityCtrlr', 'SecurityProfile') ?? '0'}`]
      : s.evses.map((e) => `evse ${e.id}: ${e.currentStatus()}`)),
    '',
  ];
  return { name: `${s.id}-${kind}-${stamp}.log`, body: Buffer.from(lines.join('\n'), 'utf8') };
}

/** N01: Uploading → Uploaded, or UploadFailure once the retries are spent. */
export async function runLogUpload(s: SimCharger201, req: Req['GetLog'], name: string, body: Buffer) {
  const attempts = Math.max(1, (req.retries ?? 0) + 1);
  const current = () => s.logRequest === req.requestId;
  for (let attempt = 1; attempt <= attempts && current(); attempt++) {
    await logStatus(s, req.requestId, 'Uploading');
    try {
      await upload(
        req.log.remoteLocation,
        name,
        body,
        s.options.diagnosticsHttpMethod,
        s.options.callTimeoutMs * 2,
      );
      if (current()) s.logRequest = undefined;
      return await logStatus(s, req.requestId, 'Uploaded');
    } catch (err) {
      s.options.logger.warn(`${s.id}: log upload failed: ${String(err)}`);
      if (attempt < attempts) await sleep(s, req.retryInterval ?? 30);
    }
  }
  if (!current()) return;
  s.logRequest = undefined;
  await logStatus(s, req.requestId, 'UploadFailure');
}
