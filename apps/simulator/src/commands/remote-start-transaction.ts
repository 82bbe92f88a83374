import type { CommandHandler } from './types.js';

export const remoteStartTransaction: CommandHandler<'RemoteStartTransaction'> = (charger, req) => {
  const usable = (id: number): boolean => {
    const c = charger.connector(id);
    if (!c || !c.isFree || c.status === 'Finishing') return false;
    return !c.reservation || c.reservation.idTag === req.idTag;
  };
  const connectorId = req.connectorId ?? charger.connectors.find((c) => usable(c.id))?.id;
  if (connectorId === undefined || !usable(connectorId)) return { status: 'Rejected' };
  const profile = req.chargingProfile;
  if (profile && profile.chargingProfilePurpose !== 'TxProfile') return { status: 'Rejected' };
  charger.later(0, () => {
    if (profile) charger.profiles.set(connectorId, profile);
    const skipAuthorize = !charger.config.getBool('AuthorizeRemoteTxRequests');
    charger.sessions.start(connectorId, req.idTag, skipAuthorize).catch(() => undefined);
  });
  return { status: 'Accepted' };
};
