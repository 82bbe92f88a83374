import type { CommandHandler } from './types.js';

export const remoteStopTransaction: CommandHandler<'RemoteStopTransaction'> = (
  charger,
  { transactionId },
) => {
  const c = charger.connectors.find((x) => x.transaction?.id === transactionId && !x.transaction.stopping);
  if (!c) return { status: 'Rejected' };
  charger.later(0, () => charger.stopSession(c.id, 'Remote'));
  return { status: 'Accepted' };
};
