/** Texts of the raw command console (`ocpp/RemoteTrigger/call`); merged into lib/messages.ts. */
const en = {
  'rawCall.unknownAction':
    '{action} is not a request a central system sends a charge point speaking {protocol}; nothing was sent.',
  'rawCall.schema':
    'This {action} request does not follow the {protocol} schema; nothing was sent. See the fields below.',
  'rawCall.answered': 'The charge point answered {action}.',
  'rawCall.callError': 'The charge point refused {action} with an error: {code} {description}',
};

const tr: Record<keyof typeof en, string> = {
  'rawCall.unknownAction':
    '{action}, merkezi sistemin {protocol} konuşan bir şarj istasyonuna gönderdiği bir istek değil; hiçbir şey gönderilmedi.',
  'rawCall.schema':
    'Bu {action} isteği {protocol} şemasına uymuyor; hiçbir şey gönderilmedi. Aşağıdaki alanlara bakın.',
  'rawCall.answered': 'Şarj istasyonu {action} isteğini yanıtladı.',
  'rawCall.callError': 'Şarj istasyonu {action} isteğini bir hatayla reddetti: {code} {description}',
};

export const rawCallMessages = { en, tr };
