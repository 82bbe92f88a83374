/** Texts of the OCPP 2.0.1 device model (B05–B08); merged into lib/messages.ts. */
const en = {
  'deviceModel.notOcpp201':
    'Charge point {chargePointId} speaks OCPP 1.6: its configuration is read with GetConfiguration, not the device model.',
  'deviceModel.notSupported': 'This Voltline installation cannot change that variable.',
  'deviceModel.refreshAsked':
    'The charge point will send its full report; the model updates when it arrives.',
  'deviceModel.refused': 'The charge point refused to send its report: {status}',
  'deviceModel.reportAsked':
    'The charge point will send the variables asked for; the model updates when they arrive.',
  'deviceModel.emptyReport': 'The charge point has no component or variable that matches.',
  'deviceModel.reportCriteria': 'Choose at least one criterion or component.',
  'deviceModel.answered': 'The charge point accepted every variable.',
  'deviceModel.someRefused': 'The charge point refused {refused} of {total} variables.',
  'deviceModel.unknownVariable':
    '{name} is not in the charge point’s reported model. Refresh the model first.',
  'deviceModel.noAttribute': '{name} has no {type} value to set.',
  'deviceModel.readOnly': '{name} is read-only.',
  'deviceModel.notInteger': '{name} takes a whole number.',
  'deviceModel.notDecimal': '{name} takes a number.',
  'deviceModel.notBoolean': '{name} takes true or false.',
  'deviceModel.notDateTime': '{name} takes a date and time.',
  'deviceModel.notInList': '{name} takes only: {values}.',
  'deviceModel.belowMin': '{name} must be at least {min}.',
  'deviceModel.aboveMax': '{name} must be at most {max}.',
  'deviceModel.tooShort': '{name} must be at least {min} characters long.',
  'deviceModel.tooLong': '{name} must be at most {max} characters long.',
  'deviceModel.basicAuthPassword':
    'The charge point password must be 16 to 40 printable characters without spaces.',
};

const tr: Record<keyof typeof en, string> = {
  'deviceModel.notOcpp201':
    '{chargePointId} şarj istasyonu OCPP 1.6 kullanıyor: yapılandırması cihaz modeliyle değil, GetConfiguration ile okunur.',
  'deviceModel.notSupported': 'Bu Voltline kurulumu bu değişkeni değiştiremez.',
  'deviceModel.refreshAsked': 'Şarj istasyonu tam raporunu gönderecek; model rapor gelince güncellenir.',
  'deviceModel.refused': 'Şarj istasyonu raporunu göndermeyi reddetti: {status}',
  'deviceModel.reportAsked':
    'Şarj istasyonu istenen değişkenleri gönderecek; model geldiklerinde güncellenir.',
  'deviceModel.emptyReport': 'Şarj istasyonunda bunlara uyan bileşen ya da değişken yok.',
  'deviceModel.reportCriteria': 'En az bir ölçüt ya da bileşen seçin.',
  'deviceModel.answered': 'Şarj istasyonu tüm değişkenleri kabul etti.',
  'deviceModel.someRefused': 'Şarj istasyonu {total} değişkenden {refused} tanesini reddetti.',
  'deviceModel.unknownVariable': '{name} şarj istasyonunun bildirdiği modelde yok. Önce modeli yenileyin.',
  'deviceModel.noAttribute': '{name} için ayarlanacak {type} değeri yok.',
  'deviceModel.readOnly': '{name} salt okunur.',
  'deviceModel.notInteger': '{name} bir tam sayı almalı.',
  'deviceModel.notDecimal': '{name} bir sayı almalı.',
  'deviceModel.notBoolean': '{name} true ya da false almalı.',
  'deviceModel.notDateTime': '{name} bir tarih ve saat almalı.',
  'deviceModel.notInList': '{name} yalnızca şunları alabilir: {values}.',
  'deviceModel.belowMin': '{name} en az {min} olmalı.',
  'deviceModel.aboveMax': '{name} en çok {max} olmalı.',
  'deviceModel.tooShort': '{name} en az {min} karakter olmalı.',
  'deviceModel.tooLong': '{name} en çok {max} karakter olmalı.',
  'deviceModel.basicAuthPassword':
    'Şarj istasyonu parolası boşluksuz, yazdırılabilir 16 ile 40 karakter olmalı.',
};

export const deviceModelMessages = { en, tr };
