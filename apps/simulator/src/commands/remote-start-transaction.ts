import type { CommandHandler } from './types.js';

/**
 * OCPP 1.6 section 5.11. A chargingProfile must be a TxProfile for the transaction about to start, so
 * it cannot name a transaction yet; the charger applies it to the transaction it starts (installed
 * with the transaction, dropped when it ends) and refuses one it could not install.
 */
export const remoteStartTransaction: CommandHandler<'RemoteStartTransaction'> = (charger, req) => {
  const usable = (id: number): boolean => {
    const c = charger.connector(id);
    if (!c || !c.isFree || c.status === 'Finishing') return false;
    return !c.reservation || c.reservation.idTag === req.idTag;
  };
  const connectorId = req.connectorId ?? charger.connectors.find((c) => usable(c.id))?.id;
  if (connectorId === undefined || !usable(connectorId)) return { status: 'Rejected' };
  const profile = req.chargingProfile;
  if (profile) {
    if (profile.chargingProfilePurpose !== 'TxProfile' || profile.transactionId !== undefined)
      return { status: 'Rejected' };
    if (!charger.profiles.accepts(connectorId, profile)) return { status: 'Rejected' };
  }
  charger.later(0, () => {
    const skipAuthorize = !charger.config.getBool('AuthorizeRemoteTxRequests');
    charger.sessions
      .start(connectorId, req.idTag, profile ? { skipAuthorize, profile } : { skipAuthorize })
      .catch(() => undefined);
  });
  return { status: 'Accepted' };
};
