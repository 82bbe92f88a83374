/** Texts of charger faults and charge point states; merged into lib/messages.ts. */
const en = {
  'col.state': 'State',
  'chargePointState.offline': 'Offline',
  'chargePointState.faulted': 'Faulted',
  'chargePointState.partlyFaulted': 'Partly faulted',
  'chargePointState.charging': 'Charging',
  'chargePointState.available': 'Available',
};

const tr: Record<keyof typeof en, string> = {
  'col.state': 'Genel durum',
  'chargePointState.offline': 'Çevrim dışı',
  'chargePointState.faulted': 'Arızalı',
  'chargePointState.partlyFaulted': 'Kısmen arızalı',
  'chargePointState.charging': 'Şarj ediyor',
  'chargePointState.available': 'Müsait',
};

export const faultMessages = { en, tr };
