import type { DiagnosticsStatus, SimCharger } from './charger.js';
import type { Ocpp } from '@voltline/contract';
import { upload } from './transfer.js';

export function diagnosticsFileName(charger: SimCharger, at = new Date()): string {
  const stamp = at.toISOString().replace(/[:.]/g, '-');
  return `${charger.id}-diagnostics-${stamp}.log`;
}

/** A plain-text diagnostics log: identity, configuration, connector states and counters. */
export function buildDiagnosticsLog(charger: SimCharger, req: Ocpp.OcppRequests['GetDiagnostics']): Buffer {
  const o = charger.options;
  const lines = [
    `# Diagnostics of ${charger.id}`,
    `generated=${new Date().toISOString()}`,
    `window=${req.startTime ?? '-'}..${req.stopTime ?? '-'}`,
    `vendor=${o.vendor} model=${o.model} serial=${o.serial} firmware=${charger.firmwareVersion}`,
    `boot=${charger.bootState} connected=${charger.isConnected}`,
    `messagesSent=${charger.messagesSent} messagesReceived=${charger.messagesReceived} queued=${charger.outbox.size}`,
    '',
    '[connectors]',
    ...charger.connectors.map(
      (c) =>
        `${c.id} status=${c.status} error=${c.errorCode} energyWh=${Math.floor(c.energyWh)} ` +
        `powerW=${Math.round(c.powerW)} transaction=${c.transaction?.id ?? '-'}`,
    ),
    '',
    '[configuration]',
    ...charger.config
      .list()
      .configurationKey.map((k) => `${k.key}=${k.value ?? ''}${k.readonly ? ' (readonly)' : ''}`),
    '',
  ];
  return Buffer.from(lines.join('\n'), 'utf8');
}

async function report(charger: SimCharger, status: DiagnosticsStatus): Promise<void> {
  charger.diagnosticsStatus = status;
  await charger.send('DiagnosticsStatusNotification', { status }).catch(() => undefined);
}

/** Uploading → Uploaded, or UploadFailed once the retries are spent. */
export async function uploadDiagnostics(
  charger: SimCharger,
  req: Ocpp.OcppRequests['GetDiagnostics'],
  fileName: string,
): Promise<void> {
  const body = buildDiagnosticsLog(charger, req);
  const attempts = Math.max(1, (req.retries ?? 0) + 1);
  for (let attempt = 1; attempt <= attempts; attempt++) {
    await report(charger, 'Uploading');
    try {
      await upload(
        req.location,
        fileName,
        body,
        charger.options.diagnosticsHttpMethod,
        charger.options.callTimeoutMs * 2,
      );
      await report(charger, 'Uploaded');
      charger.diagnosticsStatus = 'Idle';
      return;
    } catch (err) {
      charger.options.logger.warn(`${charger.id}: diagnostics upload failed: ${String(err)}`);
      if (attempt < attempts) {
        await new Promise<void>((resolve) => charger.later(req.retryInterval ?? 30, resolve));
      }
    }
  }
  await report(charger, 'UploadFailed');
  charger.diagnosticsStatus = 'Idle';
}
