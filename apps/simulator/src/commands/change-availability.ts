import type { CommandHandler } from './types.js';

export const changeAvailability: CommandHandler<'ChangeAvailability'> = (charger, { connectorId, type }) => {
  const targets = connectorId === 0 ? charger.connectors : [charger.connector(connectorId)];
  if (targets.some((c) => !c)) return { status: 'Rejected' };
  const inoperative = type === 'Inoperative';
  let scheduled = false;
  for (const c of targets) {
    if (!c) continue;
    if (inoperative && c.transaction) {
      c.pendingInoperative = true;
      scheduled = true;
    } else {
      c.pendingInoperative = false;
      c.operative = !inoperative;
    }
  }
  charger.later(0, () => {
    if (connectorId === 0 && !scheduled) charger.setStatus(0, inoperative ? 'Unavailable' : 'Available');
    for (const c of targets) {
      if (!c || c.transaction || c.status === 'Faulted') continue;
      charger.setStatus(c.id, c.idleStatus());
    }
  });
  return { status: scheduled ? 'Scheduled' : 'Accepted' };
};
