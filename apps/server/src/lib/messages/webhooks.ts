/** Texts of webhooks (issue #32); merged into lib/messages.ts. The portal has its own (webhooks.json). */
const en = {
  'webhook.created': 'Webhook created. Copy its secret now: it is not shown again.',
  'webhook.updated': 'Webhook saved.',
  'webhook.deleted': 'Webhook deleted.',
  'webhook.secretRotated':
    'New secret made. Copy it now: it is not shown again. The old one no longer signs.',
  'webhook.testQueued': 'Test event stored; it is being sent. Its answer appears in the delivery log.',
  'webhook.replayQueued': 'The delivery will be sent again; its answer appears in the delivery log.',
  'webhook.urlScheme':
    'Use an https:// address. Plain http:// is accepted only for a receiver on a private network, when the server allows those.',
  'webhook.urlPrivate':
    'This address is on a private network or this machine; the server does not send webhooks there (WEBHOOK_ALLOW_PRIVATE).',
  'webhook.urlUnresolved': 'The host name of this address cannot be found.',
  'webhook.mail.switchedOffSubject': 'Voltline: a webhook was switched off',
  'webhook.mail.switchedOffText':
    'Every delivery to the webhook {url} has failed for a day, so Voltline switched it off. Its events are kept.\n\nSee the answers of its tries in the delivery log, fix the receiver, then switch the webhook on again:\n{link}',
  'audit.entity.webhookEndpoint': 'Webhook',
  'audit.action.webhook.rotateSecret': 'Webhook secret rotated',
  'audit.action.webhook.test': 'Test event sent',
  'audit.action.webhook.replay': 'Delivery sent again',
  'audit.action.webhook.switchedOff': 'Switched off: failing for a day',
};

const tr: Record<keyof typeof en, string> = {
  'webhook.created': 'Webhook oluşturuldu. Gizli anahtarını şimdi kopyalayın: bir daha gösterilmez.',
  'webhook.updated': 'Webhook kaydedildi.',
  'webhook.deleted': 'Webhook silindi.',
  'webhook.secretRotated':
    'Yeni gizli anahtar oluşturuldu. Şimdi kopyalayın: bir daha gösterilmez. Eskisi artık imzalamaz.',
  'webhook.testQueued': 'Test olayı kaydedildi ve gönderiliyor. Yanıtı teslimat kaydında görünür.',
  'webhook.replayQueued': 'Teslimat yeniden gönderilecek; yanıtı teslimat kaydında görünür.',
  'webhook.urlScheme':
    'https:// ile başlayan bir adres kullanın. Düz http:// yalnızca sunucu izin verdiğinde, özel ağdaki bir alıcı için kabul edilir.',
  'webhook.urlPrivate':
    'Bu adres özel bir ağda ya da bu makinede; sunucu oraya webhook göndermez (WEBHOOK_ALLOW_PRIVATE).',
  'webhook.urlUnresolved': 'Bu adresin sunucu adı bulunamadı.',
  'webhook.mail.switchedOffSubject': 'Voltline: bir webhook kapatıldı',
  'webhook.mail.switchedOffText':
    '{url} webhook’una yapılan her teslimat bir gündür başarısız olduğu için Voltline onu kapattı. Olayları saklanıyor.\n\nDenemelerin yanıtlarını teslimat kaydında görün, alıcıyı düzeltin ve webhook’u yeniden açın:\n{link}',
  'audit.entity.webhookEndpoint': 'Webhook',
  'audit.action.webhook.rotateSecret': 'Webhook gizli anahtarı yenilendi',
  'audit.action.webhook.test': 'Test olayı gönderildi',
  'audit.action.webhook.replay': 'Teslimat yeniden gönderildi',
  'audit.action.webhook.switchedOff': 'Kapatıldı: bir gündür başarısız',
};

export const webhookMessages = { en, tr };
