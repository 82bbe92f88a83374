/** Texts of display messages (O01–O06); merged into lib/messages.ts. */
const en = {
  'displayMessage.accepted': 'The charge point accepted the message.',
  'displayMessage.notSupported': 'This charge point has no display messages (OCPP 1.6).',
  'displayMessage.window': 'The end of the window must come after its start.',
  'displayMessage.duplicateChargers': 'Each charge point may be named only once.',
  'displayMessage.reservedId': 'Use an id below 2000000000: the ids above are Voltline’s pay codes.',
  'displayMessage.noneHeld': 'The charge point holds no display message that matches.',
  'displayMessage.reportAsked': 'The charge point is sending its display messages.',
  'displayMessage.status.Accepted': 'Accepted',
  'displayMessage.status.Rejected': 'The charge point refused the message (it may be full).',
  'displayMessage.status.NotSupportedMessageFormat': 'The charge point cannot show messages in this format.',
  'displayMessage.status.NotSupportedPriority': 'The charge point does not support this priority.',
  'displayMessage.status.NotSupportedState':
    'The charge point does not support showing a message in this state.',
  'displayMessage.status.UnknownTransaction': 'The charge point runs no such transaction.',
};

const tr: Record<keyof typeof en, string> = {
  'displayMessage.accepted': 'Şarj istasyonu mesajı kabul etti.',
  'displayMessage.notSupported': 'Bu şarj istasyonunda ekran mesajı yok (OCPP 1.6).',
  'displayMessage.window': 'Zaman aralığının sonu başlangıcından sonra olmalı.',
  'displayMessage.duplicateChargers': 'Her şarj istasyonu yalnızca bir kez seçilebilir.',
  'displayMessage.reservedId':
    '2000000000’dan küçük bir numara kullanın: üstündekiler Voltline’ın ödeme kodlarıdır.',
  'displayMessage.noneHeld': 'Şarj istasyonunda eşleşen ekran mesajı yok.',
  'displayMessage.reportAsked': 'Şarj istasyonu ekran mesajlarını gönderiyor.',
  'displayMessage.status.Accepted': 'Kabul edildi',
  'displayMessage.status.Rejected': 'Şarj istasyonu mesajı reddetti (dolu olabilir).',
  'displayMessage.status.NotSupportedMessageFormat': 'Şarj istasyonu bu biçimde mesaj gösteremiyor.',
  'displayMessage.status.NotSupportedPriority': 'Şarj istasyonu bu önceliği desteklemiyor.',
  'displayMessage.status.NotSupportedState': 'Şarj istasyonu bu durumda mesaj göstermeyi desteklemiyor.',
  'displayMessage.status.UnknownTransaction': 'Şarj istasyonunda böyle bir işlem yok.',
};

export const displayMessageMessages = { en, tr };
