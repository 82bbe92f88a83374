import type { CommandHandler } from './types.js';

export const setChargingProfile: CommandHandler<'SetChargingProfile'> = (charger, req) => {
  const { connectorId, csChargingProfiles: profile } = req;
  if (charger.options.rejectChargingProfiles) return { status: 'Rejected' };
  if (connectorId !== 0 && !charger.connector(connectorId)) return { status: 'Rejected' };
  if (profile.chargingProfilePurpose === 'TxProfile') {
    // A TxProfile only makes sense for a running transaction (OCPP 1.6 section 5.16.3).
    const tx = charger.connector(connectorId)?.transaction;
    if (!tx || (profile.transactionId !== undefined && profile.transactionId !== tx.id)) {
      return { status: 'Rejected' };
    }
  }
  return { status: charger.profiles.set(connectorId, profile) ? 'Accepted' : 'Rejected' };
};
