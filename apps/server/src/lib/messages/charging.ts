/** Texts of the charging flow: closing stuck sessions, charger passwords, local lists; merged into lib/messages.ts. */
const en = {
  'session.closed': 'Session closed and billed at its last meter reading.',
  'session.closedRefused': 'Session closed. It was refused at its start, so nothing is billed.',
  'session.notOpen': 'This session is not running, so there is nothing to close.',
  'session.notHeld': 'This session is not held for review.',
  'session.released': 'Session released and billed with the readings as the charger sent them.',
  'session.corrected': 'Readings corrected; the session is billed by them.',
  'session.costOutOfRange':
    'These readings cost more than Voltline can bill exactly. Correct the readings instead.',
  'session.meterRequired': 'Enter the meter reading in Wh.',
  'session.meterStopBeforeStart': 'The meter at the stop cannot be below the meter at the start.',
  'session.stopBeforeStart': 'The stop time cannot be before the session started.',
  'session.correctionImpossible':
    'These readings are impossible for this connector too (more energy than its power allows in the time, or a negative meter). Check them, or the connector’s maximum power.',
  'chargePoint.passwordLength': 'A charger password has 16 to 20 characters.',
  'chargePoint.passwordCharacters':
    'A charger password uses letters, digits and punctuation only (no spaces or other characters).',
  'command.authorizationKey':
    'The new password must be 16 to 20 characters, or its hexadecimal form (32 to 40 hex digits).',
  'command.passwordStored': 'The charger accepted its new password; Voltline now expects it.',
  'command.profileMustBeTx': 'A remote start can only carry a transaction profile (TxProfile).',
  'command.externalConstraintsReadOnly':
    'ChargingStationExternalConstraints profiles are set on the charger by an external system (an energy manager or the grid operator); Voltline shows them but cannot set them.',
  'command.profileNoTransaction': 'A remote start profile cannot name a transaction: it does not exist yet.',
  'command.noCards': 'The network has no card to send.',
} as const;

const tr: Record<keyof typeof en, string> = {
  'session.closed': 'Oturum kapatıldı ve son sayaç okumasından faturalandı.',
  'session.closedRefused': 'Oturum kapatıldı. Başlangıçta reddedildiği için faturalanmadı.',
  'session.notOpen': 'Bu oturum devam etmiyor, kapatılacak bir şey yok.',
  'session.notHeld': 'Bu oturum incelemede bekletilmiyor.',
  'session.released': 'Oturum serbest bırakıldı ve istasyonun gönderdiği okumalarla faturalandı.',
  'session.corrected': 'Okumalar düzeltildi; oturum bu okumalarla faturalandı.',
  'session.costOutOfRange':
    'Bu okumaların tutarı Voltline’ın tam olarak faturalayabileceğinden büyük. Bunun yerine okumaları düzeltin.',
  'session.meterRequired': 'Sayaç okumasını Wh olarak girin.',
  'session.meterStopBeforeStart': 'Bitişteki sayaç, başlangıçtaki sayaçtan küçük olamaz.',
  'session.stopBeforeStart': 'Bitiş zamanı oturumun başlangıcından önce olamaz.',
  'session.correctionImpossible':
    'Bu okumalar da bu soket için olanaksız (süre içinde gücünün izin verdiğinden fazla enerji ya da negatif sayaç). Okumaları ya da soketin azami gücünü kontrol edin.',
  'chargePoint.passwordLength': 'Şarj istasyonu şifresi 16 ile 20 karakter arasında olmalıdır.',
  'chargePoint.passwordCharacters':
    'Şarj istasyonu şifresinde yalnızca harf, rakam ve noktalama işaretleri kullanılabilir (boşluk ya da başka karakter olmaz).',
  'command.authorizationKey':
    'Yeni şifre 16 ile 20 karakter ya da onaltılık biçimi (32 ile 40 onaltılık rakam) olmalıdır.',
  'command.passwordStored': 'Şarj istasyonu yeni şifresini kabul etti; Voltline artık bu şifreyi bekliyor.',
  'command.profileMustBeTx': 'Uzaktan başlatma yalnızca bir işlem profili (TxProfile) taşıyabilir.',
  'command.externalConstraintsReadOnly':
    'ChargingStationExternalConstraints profillerini istasyona harici bir sistem (enerji yöneticisi ya da şebeke işletmecisi) koyar; Voltline bunları gösterir ama ayarlayamaz.',
  'command.profileNoTransaction': 'Uzaktan başlatma profili bir işlem belirtemez: işlem henüz yok.',
  'command.noCards': 'Ağda gönderilecek kart yok.',
};

export const chargingMessages = { en, tr };
