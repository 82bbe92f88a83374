/** Texts of alerts (issue #33); merged into lib/messages.ts. */
const en = {
  'alert.acknowledged': 'Alert acknowledged.',
  'alert.assigned': 'Alert assigned.',
  'alert.commented': 'Comment added.',
  'alert.resolvedByHand': 'Alert resolved.',
  'alert.ruleUpdated': 'Alert rule saved.',
  'alert.notOpen': 'Only an open alert can be acknowledged; this one is {state}.',
  'alert.alreadyResolved': 'This alert is already resolved.',
  'alert.commentEmpty': 'Write a comment.',
  'alert.delayRange': 'Enter a delay between 60 seconds and a day (86400 seconds).',
  'alert.quietBoth': 'Quiet hours need both a start and an end, or neither.',
  'alert.assigneeNotAllowed':
    'This user cannot be given the alert: choose an active user in your reach who may read alerts of its operator.',
  'alert.recipientNotAllowed':
    'User {id} cannot receive these alerts: choose active users in your reach who may read alerts of the operator.',
  'alert.mail.offlineSubject': 'Voltline alert: {count} charger(s) of {operator} offline',
  'alert.mail.offlineText':
    'Chargers of {operator} are offline:\n{chargers}\n\nSee the alert, acknowledge it or assign it:\n{link}',
  'alert.mail.clearedSubject': 'Voltline alert cleared: the chargers of {operator} are back online',
  'alert.mail.clearedText':
    'Every charger of this alert is back online, so it cleared by itself:\n{chargers}\n\nThe alert and its history:\n{link}',
  'alert.mail.chargerLine': '- {id} ({name}), offline since {since}',
  'audit.entity.alert': 'Alert',
  'audit.entity.alertRule': 'Alert rule',
  'audit.action.alert.acknowledge': 'Alert acknowledged',
  'audit.action.alert.assign': 'Alert assigned',
  'audit.action.alert.comment': 'Alert commented',
  'audit.action.alert.resolve': 'Alert resolved by hand',
};

const tr: Record<keyof typeof en, string> = {
  'alert.acknowledged': 'Uyarı görüldü olarak işaretlendi.',
  'alert.assigned': 'Uyarı atandı.',
  'alert.commented': 'Yorum eklendi.',
  'alert.resolvedByHand': 'Uyarı kapatıldı.',
  'alert.ruleUpdated': 'Uyarı kuralı kaydedildi.',
  'alert.notOpen': 'Yalnızca açık bir uyarı görüldü olarak işaretlenebilir; bu uyarının durumu: {state}.',
  'alert.alreadyResolved': 'Bu uyarı zaten kapatılmış.',
  'alert.commentEmpty': 'Bir yorum yazın.',
  'alert.delayRange': '60 saniye ile bir gün (86400 saniye) arasında bir süre girin.',
  'alert.quietBoth': 'Sessiz saatler için hem başlangıç hem bitiş girin ya da ikisini de boş bırakın.',
  'alert.assigneeNotAllowed':
    'Uyarı bu kullanıcıya atanamaz: yetki alanınızda, operatörün uyarılarını okuyabilen etkin bir kullanıcı seçin.',
  'alert.recipientNotAllowed':
    '{id} numaralı kullanıcı bu uyarıları alamaz: yetki alanınızda, operatörün uyarılarını okuyabilen etkin kullanıcılar seçin.',
  'alert.mail.offlineSubject': 'Voltline uyarısı: {operator} operatörünün {count} şarj cihazı çevrim dışı',
  'alert.mail.offlineText':
    '{operator} operatörünün şu şarj cihazları çevrim dışı:\n{chargers}\n\nUyarıyı görmek, görüldü olarak işaretlemek ya da birine atamak için:\n{link}',
  'alert.mail.clearedSubject':
    'Voltline uyarısı kapandı: {operator} operatörünün şarj cihazları yeniden çevrim içi',
  'alert.mail.clearedText':
    'Bu uyarıdaki tüm şarj cihazları yeniden çevrim içi, uyarı kendiliğinden kapandı:\n{chargers}\n\nUyarı ve geçmişi:\n{link}',
  'alert.mail.chargerLine': '- {id} ({name}), {since} tarihinden beri çevrim dışı',
  'audit.entity.alert': 'Uyarı',
  'audit.entity.alertRule': 'Uyarı kuralı',
  'audit.action.alert.acknowledge': 'Uyarı görüldü',
  'audit.action.alert.assign': 'Uyarı atandı',
  'audit.action.alert.comment': 'Uyarıya yorum eklendi',
  'audit.action.alert.resolve': 'Uyarı elle kapatıldı',
};

export const alertMessages = { en, tr };
