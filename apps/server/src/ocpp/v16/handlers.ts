import type { Handler } from '../context.js';
import { authorize } from './handlers/authorize.js';
import { bootNotification } from './handlers/boot-notification.js';
import { dataTransfer } from './handlers/data-transfer.js';
import { diagnosticsStatusNotification } from './handlers/diagnostics-status-notification.js';
import { firmwareStatusNotification } from './handlers/firmware-status-notification.js';
import { heartbeat } from './handlers/heartbeat.js';
import { logStatusNotification } from './handlers/log-status-notification.js';
import { meterValues } from './handlers/meter-values.js';
import { securityEventNotification } from './handlers/security-event-notification.js';
import { signCertificate } from './handlers/sign-certificate.js';
import { signedFirmwareStatusNotification } from './handlers/signed-firmware-status-notification.js';
import { startTransaction } from './handlers/start-transaction.js';
import { statusNotification } from './handlers/status-notification.js';
import { stopTransaction } from './handlers/stop-transaction.js';

/** Messages a charger may send, each to its handler. Anything else is answered NotImplemented. */
export const handlers: Record<string, Handler<never, unknown>> = {
  Authorize: authorize,
  BootNotification: bootNotification,
  DataTransfer: dataTransfer,
  DiagnosticsStatusNotification: diagnosticsStatusNotification,
  FirmwareStatusNotification: firmwareStatusNotification,
  Heartbeat: heartbeat,
  LogStatusNotification: logStatusNotification,
  MeterValues: meterValues,
  SecurityEventNotification: securityEventNotification,
  SignCertificate: signCertificate,
  SignedFirmwareStatusNotification: signedFirmwareStatusNotification,
  StartTransaction: startTransaction,
  StatusNotification: statusNotification,
  StopTransaction: stopTransaction,
};

/**
 * Messages whose order matters on one charger (a Stop must not overtake its Start or its last
 * MeterValues); they run one after another per charger. Heartbeat and Authorize run at once.
 */
export const ordered = new Set([
  'BootNotification',
  'StatusNotification',
  'StartTransaction',
  'MeterValues',
  'StopTransaction',
  'DiagnosticsStatusNotification',
  'FirmwareStatusNotification',
  'LogStatusNotification',
  'SignedFirmwareStatusNotification',
]);
