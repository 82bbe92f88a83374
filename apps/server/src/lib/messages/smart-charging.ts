/** Texts of smart-charging groups; merged into lib/messages.ts. */
const en = {
  'smartCharging.created': 'The smart-charging group was created.',
  'smartCharging.updated': 'The smart-charging group was saved.',
  'smartCharging.deleted':
    'The smart-charging group was deleted; its charge points’ limits are being cleared.',
  'smartCharging.membersAdded': 'The charge points were added to the group.',
  'smartCharging.membersRemoved': 'The charge points left the group; their limits are being cleared.',
  'smartCharging.alreadyInGroup':
    'A charge point can be in only one smart-charging group. Already in another group: {chargePoints}.',
  'smartCharging.unknownChargePoints': 'These charge points were not found: {chargePoints}.',
  'smartCharging.outsideOperator':
    "These charge points do not belong to the group's operator or its sub-operators: {chargePoints}.",
  'smartCharging.operatorOutOfReach': 'Choose an operator you manage.',
  'smartCharging.notMembers': 'None of these charge points is in the group.',
  'smartCharging.badTimeZone': 'Choose a valid time zone (for example Europe/Istanbul).',
  'smartCharging.fromAfterTo': 'The start must be before the end.',
  'smartCharging.duplicatePeriod': 'Two schedule periods start at the same time.',
  'smartCharging.minAboveMax': 'The minimum per session cannot be above the group limit.',
  'validation.timeOfDay': 'Enter a time as HH:MM (00:00–23:59).',
  'entity.smartChargingGroup': 'smart-charging group',
  'audit.entity.smartChargingGroup': 'Smart-charging group',
  'audit.action.addChargePoints': 'Added charge points',
  'audit.action.removeChargePoints': 'Removed charge points',
};

const tr: Record<keyof typeof en, string> = {
  'smartCharging.created': 'Akıllı şarj grubu oluşturuldu.',
  'smartCharging.updated': 'Akıllı şarj grubu kaydedildi.',
  'smartCharging.deleted': 'Akıllı şarj grubu silindi; şarj istasyonlarının sınırları kaldırılıyor.',
  'smartCharging.membersAdded': 'Şarj istasyonları gruba eklendi.',
  'smartCharging.membersRemoved': 'Şarj istasyonları gruptan çıkarıldı; sınırları kaldırılıyor.',
  'smartCharging.alreadyInGroup':
    'Bir şarj istasyonu yalnızca bir akıllı şarj grubunda olabilir. Başka bir grupta olanlar: {chargePoints}.',
  'smartCharging.unknownChargePoints': 'Bu şarj istasyonları bulunamadı: {chargePoints}.',
  'smartCharging.outsideOperator':
    'Bu şarj istasyonları grubun operatörüne veya alt operatörlerine ait değil: {chargePoints}.',
  'smartCharging.operatorOutOfReach': 'Yönettiğiniz bir operatör seçin.',
  'smartCharging.notMembers': 'Bu şarj istasyonlarından hiçbiri grupta değil.',
  'smartCharging.badTimeZone': 'Geçerli bir saat dilimi seçin (örneğin Europe/Istanbul).',
  'smartCharging.fromAfterTo': 'Başlangıç bitişten önce olmalı.',
  'smartCharging.duplicatePeriod': 'İki zaman dilimi aynı saatte başlıyor.',
  'smartCharging.minAboveMax': 'Oturum başına en az değer grup sınırından büyük olamaz.',
  'validation.timeOfDay': 'Saati SS:DD olarak girin (00:00–23:59).',
  'entity.smartChargingGroup': 'akıllı şarj grubu',
  'audit.entity.smartChargingGroup': 'Akıllı şarj grubu',
  'audit.action.addChargePoints': 'Şarj istasyonu eklendi',
  'audit.action.removeChargePoints': 'Şarj istasyonu çıkarıldı',
};

export const smartChargingMessages = { en, tr };
