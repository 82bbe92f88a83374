/** Texts of roaming (OCPI, issue #31); merged into lib/messages.ts. The portal has its own (roaming.json). */
const en = {
  'roaming.invited':
    'Partner invited. Give it token A and the versions address now: token A is not shown again.',
  'roaming.registered': 'Registered with the partner: tokens exchanged.',
  'roaming.updated': 'Partner saved.',
  'roaming.refreshed': 'Credentials renewed with the partner.',
  'roaming.unregisteredDone': 'Partnership ended: the partner can no longer call Voltline.',
  'roaming.unregisteredLocally': 'Partnership ended here, but the partner could not be told: {reason}',
  'roaming.urlPrivate':
    'The address {url} is on a private network or this machine; the server does not call roaming partners there (OCPI_ALLOW_PRIVATE).',
  'roaming.urlScheme':
    'The address {url} must use https:// (plain http:// only to a private network the server allows).',
  'roaming.unreachable': 'The partner did not answer at {url}.',
  'roaming.tokenRefused': 'The partner refused the token at {url} (HTTP 401): check the token it gave you.',
  'roaming.refused': 'The partner refused the call to {url}: HTTP {http}, OCPI status {code} ({message}).',
  'roaming.notOcpi': 'The partner answered at {url}, but not in OCPI’s format.',
  'roaming.noCommonVersion':
    'The partner offers OCPI {offered}; Voltline speaks OCPI 2.2.1. Ask the partner for a 2.2.1 versions address.',
  'roaming.noCredentialsModule':
    'The partner’s OCPI 2.2.1 lists no credentials module; it cannot be registered with.',
  'roaming.badCredentials': 'The partner’s answer to the registration lacks a valid token or roles.',
  'roaming.notRegistered': 'This partner is not registered; only a registered partner can be renewed.',
  'roaming.alreadyEnded': 'This partnership has already ended.',
  'roaming.operatorNotInPartner': 'Only the partner’s operator and those below it can be published to it.',
  'roaming.tariffOutOfReach': 'This tariff is not one of yours.',
  'roaming.noTokensSender': 'The partner offers no tokens list to read (no tokens SENDER endpoint).',
  'roaming.tokensPulled': 'Tokens read from the partner: {count} received.',
  'audit.entity.roamingPartner': 'Roaming partner',
  'audit.action.roaming.invite': 'Partner invited',
  'audit.action.roaming.register': 'Registered with partner',
  'audit.action.roaming.partnerRegistered': 'Partner registered with Voltline',
  'audit.action.roaming.refresh': 'Credentials renewed',
  'audit.action.roaming.partnerUpdated': 'Partner renewed its credentials',
  'audit.action.roaming.unregister': 'Partnership ended',
  'audit.action.roaming.pullTokens': 'Partner tokens fetched',
  'audit.action.roaming.partnerUnregistered': 'Partner ended the partnership',
};

const tr: Record<keyof typeof en, string> = {
  'roaming.invited':
    'İş ortağı davet edildi. A belirtecini ve sürümler adresini şimdi verin: A belirteci bir daha gösterilmez.',
  'roaming.registered': 'İş ortağına kayıt olundu: belirteçler değiş tokuş edildi.',
  'roaming.updated': 'İş ortağı kaydedildi.',
  'roaming.refreshed': 'İş ortağıyla kimlik bilgileri yenilendi.',
  'roaming.unregisteredDone': 'Ortaklık sona erdi: iş ortağı artık Voltline’ı çağıramaz.',
  'roaming.unregisteredLocally': 'Ortaklık burada sona erdi, ancak iş ortağına bildirilemedi: {reason}',
  'roaming.urlPrivate':
    '{url} adresi özel bir ağda ya da bu makinede; sunucu dolaşım ortaklarını orada çağırmaz (OCPI_ALLOW_PRIVATE).',
  'roaming.urlScheme':
    '{url} adresi https:// kullanmalı (düz http:// yalnızca sunucunun izin verdiği özel bir ağa).',
  'roaming.unreachable': 'İş ortağı {url} adresinde yanıt vermedi.',
  'roaming.tokenRefused':
    'İş ortağı {url} adresinde belirteci reddetti (HTTP 401): size verdiği belirteci kontrol edin.',
  'roaming.refused': 'İş ortağı {url} çağrısını reddetti: HTTP {http}, OCPI durumu {code} ({message}).',
  'roaming.notOcpi': 'İş ortağı {url} adresinde yanıt verdi, ancak OCPI biçiminde değil.',
  'roaming.noCommonVersion':
    'İş ortağı OCPI {offered} sunuyor; Voltline OCPI 2.2.1 konuşur. İş ortağından bir 2.2.1 sürümler adresi isteyin.',
  'roaming.noCredentialsModule':
    'İş ortağının OCPI 2.2.1’i credentials modülü içermiyor; ona kayıt olunamaz.',
  'roaming.badCredentials': 'İş ortağının kayıt yanıtında geçerli bir belirteç ya da rol yok.',
  'roaming.notRegistered': 'Bu iş ortağı kayıtlı değil; yalnızca kayıtlı bir iş ortağı yenilenebilir.',
  'roaming.alreadyEnded': 'Bu ortaklık zaten sona erdi.',
  'roaming.operatorNotInPartner': 'İş ortağına yalnızca onun operatörü ve altındakiler yayımlanabilir.',
  'roaming.tariffOutOfReach': 'Bu tarife sizin tarifelerinizden biri değil.',
  'roaming.noTokensSender':
    'İş ortağı okunacak bir belirteç listesi sunmuyor (belirteç gönderen uç noktası yok).',
  'roaming.tokensPulled': 'İş ortağından belirteçler okundu: {count} alındı.',
  'audit.entity.roamingPartner': 'Dolaşım ortağı',
  'audit.action.roaming.invite': 'İş ortağı davet edildi',
  'audit.action.roaming.register': 'İş ortağına kayıt olundu',
  'audit.action.roaming.partnerRegistered': 'İş ortağı Voltline’a kayıt oldu',
  'audit.action.roaming.refresh': 'Kimlik bilgileri yenilendi',
  'audit.action.roaming.partnerUpdated': 'İş ortağı kimlik bilgilerini yeniledi',
  'audit.action.roaming.unregister': 'Ortaklık sona erdi',
  'audit.action.roaming.pullTokens': 'İş ortağının belirteçleri getirildi',
  'audit.action.roaming.partnerUnregistered': 'İş ortağı ortaklığı sona erdirdi',
};

export const roamingMessages = { en, tr };
