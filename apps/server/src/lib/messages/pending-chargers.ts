/** Texts of unknown chargers held for approval; merged into lib/messages.ts. */
const en = {
  'entity.pendingChargePoint': 'pending charger',
  'audit.action.approve': 'Approved',
  'audit.action.reject': 'Rejected',
  'pendingChargePoint.approved': 'The charger is approved; it is let in at its next connection.',
  'pendingChargePoint.rejected': 'The pending charger is deleted.',
};

const tr: Record<keyof typeof en, string> = {
  'entity.pendingChargePoint': 'onay bekleyen cihaz',
  'audit.action.approve': 'Onaylandı',
  'audit.action.reject': 'Reddedildi',
  'pendingChargePoint.approved': 'Cihaz onaylandı; bir sonraki bağlantısında içeri alınır.',
  'pendingChargePoint.rejected': 'Onay bekleyen cihaz silindi.',
};

export const pendingChargerMessages = { en, tr };
