import type { CommandHandler } from './types.js';

export const triggerMessage: CommandHandler<'TriggerMessage'> = (
  charger,
  { requestedMessage, connectorId },
) => {
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
    default:
      return { status: 'NotImplemented' };
  }
  charger.later(0, send);
  return { status: 'Accepted' };
};
