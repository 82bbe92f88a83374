/** Texts of uptime (errors, exclusions, the monthly report's Excel); merged into lib/messages.ts. */
const en = {
  'uptime.endBeforeStart': 'The end must be after the start.',
  'uptime.noteRequired': 'Say what happened when the reason is "other".',
  'uptime.badMonth': 'Give the month as YYYY-MM.',
  'uptime.noSuchConnector': 'This charge point has no such connector.',
  'uptime.created': 'The excluded downtime was added.',
  'uptime.deleted': 'The excluded downtime was deleted.',
  'entity.uptimeExclusion': 'excluded downtime',
  'audit.entity.uptimeExclusion': 'Excluded downtime',
  'sheet.uptime': 'Uptime',
  'uptime.col.chargePoint': 'Charge point',
  'uptime.col.name': 'Name',
  'uptime.col.connector': 'Connector',
  'uptime.col.minutes': 'Minutes in the month',
  'uptime.col.outage': 'Outage minutes',
  'uptime.col.excluded': 'Excluded minutes',
  'uptime.col.uptime': 'Uptime %',
  'uptime.allConnectors': 'All connectors',
  'uptime.total': 'Total',
};

const tr: Record<keyof typeof en, string> = {
  'uptime.endBeforeStart': 'Bitiş, başlangıçtan sonra olmalıdır.',
  'uptime.noteRequired': 'Neden "diğer" olduğunda ne olduğunu yazın.',
  'uptime.badMonth': 'Ayı YYYY-AA biçiminde verin.',
  'uptime.noSuchConnector': 'Bu şarj istasyonunda böyle bir konnektör yok.',
  'uptime.created': 'Hariç tutulan kesinti eklendi.',
  'uptime.deleted': 'Hariç tutulan kesinti silindi.',
  'entity.uptimeExclusion': 'hariç tutulan kesinti',
  'audit.entity.uptimeExclusion': 'Hariç tutulan kesinti',
  'sheet.uptime': 'Çalışma süresi',
  'uptime.col.chargePoint': 'Şarj istasyonu',
  'uptime.col.name': 'Ad',
  'uptime.col.connector': 'Konnektör',
  'uptime.col.minutes': 'Aydaki dakika',
  'uptime.col.outage': 'Kesinti dakikası',
  'uptime.col.excluded': 'Hariç tutulan dakika',
  'uptime.col.uptime': 'Çalışma süresi %',
  'uptime.allConnectors': 'Tüm konnektörler',
  'uptime.total': 'Toplam',
};

export const uptimeMessages = { en, tr };
