import type { Ocpp } from '@voltline/contract';
import type { SimCharger } from './charger.js';
import { buildDiagnosticsLog } from './diagnostics.js';
import { upload } from './transfer.js';

type GetLog = Ocpp.OcppRequests['GetLog'];
type LogStatus = Ocpp.OcppRequests['LogStatusNotification']['status'];

export function logFileName(charger: SimCharger, logType: GetLog['logType'], at = new Date()): string {
  const stamp = at.toISOString().replace(/[:.]/g, '-');
  return `${charger.id}-${logType === 'SecurityLog' ? 'security' : 'diagnostics'}-${stamp}.log`;
}

/** The requested log: the diagnostics log, or the security events the simulator knows of. */
export function buildLog(charger: SimCharger, req: GetLog): Buffer {
  const window = { startTime: req.log.oldestTimestamp, stopTime: req.log.latestTimestamp };
  if (req.logType === 'DiagnosticsLog') return buildDiagnosticsLog(charger, { location: '', ...window });
  const lines = [
    `# Security log of ${charger.id}`,
    `generated=${new Date().toISOString()}`,
    `window=${req.log.oldestTimestamp ?? '-'}..${req.log.latestTimestamp ?? '-'}`,
    `securityProfile=${charger.config.get('SecurityProfile') ?? '0'}`,
    `firmware=${charger.firmwareVersion} boot=${charger.bootState} connected=${charger.isConnected}`,
    '',
  ];
  return Buffer.from(lines.join('\n'), 'utf8');
}

async function report(charger: SimCharger, requestId: number, status: LogStatus): Promise<void> {
  await charger.send('LogStatusNotification', { status, requestId }).catch(() => undefined);
}

/** Uploading → Uploaded, or UploadFailure once the retries are spent; every notification carries the requestId. */
export async function uploadLog(charger: SimCharger, req: GetLog, fileName: string): Promise<void> {
  const body = buildLog(charger, req);
  const attempts = Math.max(1, (req.retries ?? 0) + 1);
  const current = () => charger.logUpload?.requestId === req.requestId;
  for (let attempt = 1; attempt <= attempts && current(); attempt++) {
    await report(charger, req.requestId, 'Uploading');
    try {
      await upload(
        req.log.remoteLocation,
        fileName,
        body,
        charger.options.diagnosticsHttpMethod,
        charger.options.callTimeoutMs * 2,
      );
      await report(charger, req.requestId, 'Uploaded');
      if (current()) charger.logUpload = null;
      return;
    } catch (err) {
      charger.options.logger.warn(`${charger.id}: log upload failed: ${String(err)}`);
      if (attempt < attempts) {
        await new Promise<void>((resolve) => charger.later(req.retryInterval ?? 30, resolve));
      }
    }
  }
  if (!current()) return;
  await report(charger, req.requestId, 'UploadFailure');
  charger.logUpload = null;
}
