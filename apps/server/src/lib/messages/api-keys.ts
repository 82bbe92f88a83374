/** Texts of API keys (issue #32); merged into lib/messages.ts. */
const en = {
  'apiKey.roleOrPermissions': 'Give the key either a role or a list of permissions.',
  'apiKey.permissionNotHeld': 'You cannot give a key the permission {permission}, which you do not hold.',
  'apiKey.expiryPast': 'Choose an expiry in the future.',
  'apiKey.invalid': 'This API key is not valid.',
  'apiKey.revoked': 'This API key has been revoked.',
  'apiKey.expired': 'This API key has expired.',
  'apiKey.sourceRefused': 'This API key may not be used from this address.',
  'apiKey.personOnly': 'An API key cannot do this; a person must sign in.',
  'apiKey.alreadyRevoked': 'This API key is already revoked.',
  'apiKey.created': 'API key created. Copy it now: it will not be shown again.',
  'apiKey.rotated': 'New secret created. Copy it now: it will not be shown again.',
  'apiKey.revokedDone': 'API key revoked.',
  'entity.apiKey': 'API key',
  'audit.apiKey': 'API key {name}',
  'audit.entity.apiKey': 'API key',
  'audit.action.rotate': 'Rotated',
  'audit.action.revoke': 'Revoked',
};

const tr: typeof en = {
  'apiKey.roleOrPermissions': 'Anahtara ya bir rol ya da bir izin listesi verin.',
  'apiKey.permissionNotHeld': 'Sizde olmayan {permission} iznini bir anahtara veremezsiniz.',
  'apiKey.expiryPast': 'Gelecekte bir bitiş zamanı seçin.',
  'apiKey.invalid': 'Bu API anahtarı geçerli değil.',
  'apiKey.revoked': 'Bu API anahtarı iptal edildi.',
  'apiKey.expired': 'Bu API anahtarının süresi doldu.',
  'apiKey.sourceRefused': 'Bu API anahtarı bu adresten kullanılamaz.',
  'apiKey.personOnly': 'Bunu bir API anahtarı yapamaz; bir kişinin oturum açması gerekir.',
  'apiKey.alreadyRevoked': 'Bu API anahtarı zaten iptal edildi.',
  'apiKey.created': 'API anahtarı oluşturuldu. Şimdi kopyalayın: bir daha gösterilmeyecek.',
  'apiKey.rotated': 'Yeni gizli anahtar oluşturuldu. Şimdi kopyalayın: bir daha gösterilmeyecek.',
  'apiKey.revokedDone': 'API anahtarı iptal edildi.',
  'entity.apiKey': 'API anahtarı',
  'audit.apiKey': 'API anahtarı {name}',
  'audit.entity.apiKey': 'API anahtarı',
  'audit.action.rotate': 'Yenilendi',
  'audit.action.revoke': 'İptal edildi',
};

export const apiKeyMessages = { en, tr };
