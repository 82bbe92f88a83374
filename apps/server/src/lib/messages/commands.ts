/** Texts of remote commands in several messages and of a charger's transaction status; merged into lib/messages.ts. */
const en = {
  'command.localListTooLong':
    'Charge point {chargePointId} holds at most {max} cards in its local list, and {entries} may charge there; nothing was sent.',
  'command.refusedPart':
    'The charge point refused message {part} of {parts} of the local list: {status}. The messages after it were not sent; the charge point holds part of the list, so send it again in full.',
  'command.refusedFirstPart':
    'The charge point refused the first of {parts} messages of the local list: {status}. Nothing was sent after it; its list is as it was.',
  'command.sentInParts': 'The charge point accepted the local list, sent in {parts} messages.',
  'command.noChargerTransaction':
    'Session {sessionId} has no transaction id of charge point {chargePointId}: the charge point cannot be asked about it.',
  'command.noIso15118Certificates':
    'Charge point {chargePointId} keeps no Plug & Charge (ISO 15118) certificates such as {certificateType}: its protocol has none. Nothing was sent.',
  'command.txOngoingQueued':
    'Session {sessionId} is still running at the charge point, which still has messages about it to send.',
  'command.txOngoingClear':
    'Session {sessionId} is still running at the charge point; it has no messages about it waiting.',
  'command.txEndedQueued':
    'Session {sessionId} is no longer running at the charge point, but it still has messages about it to send: the session may still change.',
  'command.txEndedClear':
    'Session {sessionId} is no longer running at the charge point, and it has sent everything about it.',
  'command.txQueueQueued': 'The charge point still has transaction messages waiting to be sent.',
  'command.txQueueClear': 'The charge point has no transaction messages waiting to be sent.',
};

const tr: Record<keyof typeof en, string> = {
  'command.localListTooLong':
    '{chargePointId} şarj istasyonunun yerel listesi en fazla {max} kart alır; orada şarj edebilecek kart sayısı {entries}. Hiçbir şey gönderilmedi.',
  'command.refusedPart':
    'Şarj istasyonu yerel listenin {parts} mesajından {part}. mesajını reddetti: {status}. Sonraki mesajlar gönderilmedi; istasyonda listenin bir kısmı var, listeyi yeniden tam olarak gönderin.',
  'command.refusedFirstPart':
    'Şarj istasyonu yerel listenin {parts} mesajından ilkini reddetti: {status}. Sonrası gönderilmedi; istasyonun listesi olduğu gibi kaldı.',
  'command.sentInParts': 'Şarj istasyonu {parts} mesajda gönderilen yerel listeyi kabul etti.',
  'command.noChargerTransaction':
    '{sessionId} numaralı oturumun {chargePointId} şarj istasyonunda bir işlem kimliği yok: istasyona bu oturum sorulamaz.',
  'command.noIso15118Certificates':
    '{chargePointId} şarj istasyonu {certificateType} gibi Tak ve Şarj Et (ISO 15118) sertifikaları tutmaz: protokolünde bunlar yok. Hiçbir şey gönderilmedi.',
  'command.txOngoingQueued':
    '{sessionId} numaralı oturum şarj istasyonunda hâlâ sürüyor; istasyonun bu oturumla ilgili göndermediği mesajlar var.',
  'command.txOngoingClear':
    '{sessionId} numaralı oturum şarj istasyonunda hâlâ sürüyor; bu oturumla ilgili bekleyen mesaj yok.',
  'command.txEndedQueued':
    '{sessionId} numaralı oturum şarj istasyonunda artık sürmüyor, ancak istasyonun bu oturumla ilgili göndermediği mesajlar var: oturum hâlâ değişebilir.',
  'command.txEndedClear':
    '{sessionId} numaralı oturum şarj istasyonunda artık sürmüyor ve istasyon bu oturumla ilgili her şeyi gönderdi.',
  'command.txQueueQueued': 'Şarj istasyonunun gönderilmeyi bekleyen işlem mesajları var.',
  'command.txQueueClear': 'Şarj istasyonunun gönderilmeyi bekleyen işlem mesajı yok.',
};

export const commandMessages = { en, tr };
