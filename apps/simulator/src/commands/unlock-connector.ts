import type { CommandHandler } from './types.js';

export const unlockConnector: CommandHandler<'UnlockConnector'> = (charger, { connectorId }) => {
  const c = charger.connector(connectorId);
  if (!c) return { status: 'NotSupported' };
  if (c.transaction) charger.sessions.stop(c.id, 'UnlockCommand');
  // The cable is released; the driver takes it away shortly after.
  charger.later(2, () => charger.sessions.unplug(c.id));
  return { status: 'Unlocked' };
};
