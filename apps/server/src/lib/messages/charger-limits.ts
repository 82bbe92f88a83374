/** Texts of what chargers say of their limits (K09, K12–K17); merged into lib/messages.ts. */
const en = {
  'chargerLimits.notReported':
    'Charge point {chargePointId} speaks OCPP 1.6: it cannot report the charging profiles it holds. Its profiles set by Voltline are listed above.',
  'chargerLimits.reportAsked':
    'The charge point will report the charging profiles it holds; the list updates when the report arrives.',
  'chargerLimits.noProfiles': 'The charge point holds no charging profiles that match.',
  'chargerLimits.refused': 'The charge point refused to report its charging profiles: {status}',
};

const tr: Record<keyof typeof en, string> = {
  'chargerLimits.notReported':
    '{chargePointId} şarj istasyonu OCPP 1.6 kullanıyor: tuttuğu şarj profillerini bildiremez. Voltline’ın ayarladığı profiller yukarıda listelenir.',
  'chargerLimits.reportAsked':
    'Şarj istasyonu tuttuğu şarj profillerini bildirecek; liste rapor gelince güncellenir.',
  'chargerLimits.noProfiles': 'Şarj istasyonunda bunlara uyan şarj profili yok.',
  'chargerLimits.refused': 'Şarj istasyonu şarj profillerini bildirmeyi reddetti: {status}',
};

export const chargerLimitsMessages = { en, tr };
