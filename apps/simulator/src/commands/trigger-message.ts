import type { SimCharger } from '../charger.js';
import type { CommandHandler } from './types.js';

type Answer = { status: 'Accepted' | 'Rejected' | 'NotImplemented' };

/**
 * TriggerMessage and the security edition's ExtendedTriggerMessage: the charger answers, then
 * sends the requested message. A connector it does not have is Rejected; SignChargePointCertificate
 * starts the certificate request flow, Rejected where the charger has none.
 */
export function trigger(charger: SimCharger, requestedMessage: string, connectorId?: number): Answer {
  if (connectorId !== undefined && connectorId !== 0 && !charger.connector(connectorId)) {
    return { status: 'Rejected' };
  }
  const ignore = (): undefined => undefined;
  let send: () => void;
  switch (requestedMessage) {
    case 'BootNotification':
      send = () => void charger.boot();
      break;
    case 'Heartbeat':
      send = () => void charger.send('Heartbeat', {}).catch(ignore);
      break;
    case 'StatusNotification':
      send = () => (connectorId === undefined ? charger.sendAllStatuses() : charger.sendStatus(connectorId));
      break;
    case 'MeterValues':
      send = () => charger.sessions.sendMeterValues(connectorId);
      break;
    case 'DiagnosticsStatusNotification':
      send = () =>
        void charger
          .send('DiagnosticsStatusNotification', { status: charger.diagnosticsStatus })
          .catch(ignore);
      break;
    case 'FirmwareStatusNotification':
      send = () =>
        void charger.send('FirmwareStatusNotification', { status: charger.firmwareStatus }).catch(ignore);
      break;
    case 'LogStatusNotification':
      // Idle without a requestId when no upload runs (the only time Idle may be sent).
      send = () =>
        void charger.send('LogStatusNotification', charger.logUpload ?? { status: 'Idle' }).catch(ignore);
      break;
    case 'SignChargePointCertificate': {
      const hook = charger.onSignCertificateRequested;
      if (!hook) return { status: 'Rejected' };
      send = () => void Promise.resolve(hook(charger)).catch(ignore);
      break;
    }
    default:
      return { status: 'NotImplemented' };
  }
  charger.later(0, send);
  return { status: 'Accepted' };
}

export const triggerMessage: CommandHandler<'TriggerMessage'> = (
  charger,
  { requestedMessage, connectorId },
) => trigger(charger, requestedMessage, connectorId);
