/** Texts of OCPP 2.0.1 monitoring (N02-N08); merged into lib/messages.ts. */
const en = {
  'monitoring.notSupported':
    'Charge point {chargePointId} speaks OCPP 1.6, which has no variable monitors: not supported.',
  'monitoring.set': 'The charge point accepted the monitor.',
  'monitoring.cleared': 'The charge point cleared the monitor.',
  'monitoring.reportAsked': 'The charge point will send its monitors; the list updates when they arrive.',
  'monitoring.settingsSet': 'The charge point accepted the monitoring settings.',
  'monitoring.settingsEmpty': 'Choose a monitoring base or a level.',
  'monitoring.periodPositive': 'A periodic monitor needs a period of more than 0 seconds.',
  'monitoring.deltaNegative': 'A delta cannot be negative.',
  'monitoring.refused': 'The charge point refused: {status}.',
  'monitoring.refused.UnknownComponent': 'The charge point refused: it has no such component.',
  'monitoring.refused.UnknownVariable': 'The charge point refused: the component has no such variable.',
  'monitoring.refused.UnsupportedMonitorType':
    'The charge point refused: it cannot monitor this variable with this type of monitor.',
  'monitoring.refused.Rejected': 'The charge point rejected the request.',
  'monitoring.refused.Duplicate':
    'The charge point refused: it already has a monitor of this type and severity on the variable.',
  'monitoring.refused.NotFound': 'The charge point has no monitor of that id.',
  'monitoring.refused.NotSupported': 'The charge point does not support this request.',
  'monitoring.refused.EmptyResultSet': 'The charge point has no monitor that matches.',
};

const tr: Record<keyof typeof en, string> = {
  'monitoring.notSupported':
    '{chargePointId} şarj istasyonu OCPP 1.6 kullanıyor; bu sürümde değişken izleyicileri yok: desteklenmiyor.',
  'monitoring.set': 'Şarj istasyonu izleyiciyi kabul etti.',
  'monitoring.cleared': 'Şarj istasyonu izleyiciyi sildi.',
  'monitoring.reportAsked': 'Şarj istasyonu izleyicilerini gönderecek; liste geldiklerinde güncellenir.',
  'monitoring.settingsSet': 'Şarj istasyonu izleme ayarlarını kabul etti.',
  'monitoring.settingsEmpty': 'Bir izleme tabanı ya da düzeyi seçin.',
  'monitoring.periodPositive': 'Periyodik bir izleyicinin süresi 0 saniyeden uzun olmalı.',
  'monitoring.deltaNegative': 'Değişim eşiği negatif olamaz.',
  'monitoring.refused': 'Şarj istasyonu reddetti: {status}.',
  'monitoring.refused.UnknownComponent': 'Şarj istasyonu reddetti: böyle bir bileşeni yok.',
  'monitoring.refused.UnknownVariable': 'Şarj istasyonu reddetti: bileşenin böyle bir değişkeni yok.',
  'monitoring.refused.UnsupportedMonitorType':
    'Şarj istasyonu reddetti: bu değişkeni bu tür bir izleyiciyle izleyemiyor.',
  'monitoring.refused.Rejected': 'Şarj istasyonu isteği reddetti.',
  'monitoring.refused.Duplicate':
    'Şarj istasyonu reddetti: değişkende bu tür ve önem düzeyinde bir izleyici zaten var.',
  'monitoring.refused.NotFound': 'Şarj istasyonunda bu numarada bir izleyici yok.',
  'monitoring.refused.NotSupported': 'Şarj istasyonu bu isteği desteklemiyor.',
  'monitoring.refused.EmptyResultSet': 'Şarj istasyonunda buna uyan izleyici yok.',
};

export const monitoringMessages = { en, tr };
