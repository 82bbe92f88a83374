import type { Locale } from '@voltline/contract';
import { driverMessages } from './messages/drivers.js';
import { operatorMessages } from './messages/operators.js';
import { billingMessages } from './messages/billing.js';
import { chargingMessages } from './messages/charging.js';
import { validationMessages } from './messages/validation.js';
import { auditMessages } from './messages/audit.js';
import { fileMessages } from './messages/files.js';
import { registrationMessages } from './messages/registration.js';
import { maintenanceMessages } from './messages/maintenance.js';
import { firmwareMessages } from './messages/firmware.js';
import { receiptMessages } from './messages/receipts.js';
import { securityMessages } from './messages/security.js';
import { securityProfileMessages } from './messages/security-profiles.js';
import { pendingChargerMessages } from './messages/pending-chargers.js';
import { faultMessages } from './messages/faults.js';
import { bookingMessages } from './messages/bookings.js';
import { smartChargingMessages } from './messages/smart-charging.js';
import { outageMessages } from './messages/outage.js';
import { chargerLimitsMessages } from './messages/charger-limits.js';
import { deviceModelMessages } from './messages/device-model.js';
import { displayMessageMessages } from './messages/display-messages.js';
import { monitoringMessages } from './messages/monitoring.js';
import { driverDisplayMessages } from './messages/driver-display.js';
import { commandMessages } from './messages/commands.js';
import { rawCallMessages } from './messages/raw-calls.js';
import { eventMessages } from './messages/events.js';
import { apiKeyMessages } from './messages/api-keys.js';
import { bulkMessages } from './messages/bulk.js';
import { webhookMessages } from './messages/webhooks.js';
import { remoteStartMessages } from './messages/remote-start.js';

/**
 * Every text the API answers with, in each language of the portal. Keys are grouped by domain;
 * `{name}` placeholders are filled from the error's params.
 */
const en = {
  'error.generic': 'Something went wrong. Please try again.',
  'error.notFound': 'The {entity} was not found.',
  'common.yes': 'Yes',
  'common.no': 'No',
  'error.forbidden': 'You do not have permission to do this.',
  'error.unauthorized': 'Please sign in.',
  'error.sessionExpired': 'Your session has ended. Please sign in again.',
  'error.tooManyRequests': 'Too many requests. Please wait a moment and try again.',
  'error.validation': 'Some fields are not valid.',
  'validation.required': 'This field is required.',
  'error.routeNotFound': 'There is no such API endpoint.',
  'error.bodyTooLarge': 'The request is too large.',
  'error.badJson': 'The request body is not valid JSON.',
  'error.unsupportedMediaType': 'Send the request body as JSON (Content-Type: application/json).',
  'validation.outOfRange': 'A number is too large or too small.',
  'validation.dateRange': 'Choose a date between 1970 and 2199.',
  'validation.rangeTooLong': 'Choose a period of at most ten years.',
  'validation.badText':
    'This text contains characters that cannot be stored (a NUL byte or a broken character).',
  'auth.invalidCredentials': 'The e-mail or password is incorrect.',
  'auth.tooManyFailures': 'Too many failed sign-in attempts. Try again in {minutes} minutes.',
  'auth.loggedOut': 'You have signed out.',
  'auth.resetSent': 'If an account exists for that e-mail, a reset link is on its way.',
  'auth.resetInvalid': 'This password reset link is invalid or has expired. Ask for a new one.',
  'auth.passwordsDiffer': 'The passwords do not match.',
  'auth.passwordChanged': 'Your password has been changed. You can sign in now.',
  'auth.registrationDisabled': 'Self-registration is switched off on this network.',
  'auth.registered': 'Welcome to Voltline! Your network is ready.',
  'user.emailTaken': 'A user with this e-mail already exists.',
  'user.roleNotAssignable': 'You cannot give the role {role}.',
  'user.operatorOutOfReach': 'That operator is not within your reach.',
  'user.lastAdmin': 'This is the last active Admin; keep at least one.',
  'user.cannotDeleteSelf': 'You cannot delete your own account.',
  'user.created': 'User created.',
  'user.updated': 'User updated.',
  'user.deleted': 'User deleted.',
  'password.letter': 'The password must contain a letter.',
  'password.digit': 'The password must contain a digit.',
  'col.id': 'ID',
  'col.email': 'E-mail',
  'col.name': 'Name',
  'col.surname': 'Surname',
  'col.phone': 'Phone',
  'col.operator': 'Operator',
  'col.roles': 'Roles',
  'col.active': 'Active',
  'col.lastLogin': 'Last sign-in',
  'col.createdAt': 'Created',
  'col.time': 'Time',
  'col.user': 'User',
  'col.action': 'Action',
  'col.entity': 'Record type',
  'col.entityId': 'Record',
  'col.summary': 'Change',
  'col.ip': 'IP address',
  'sheet.users': 'Users',
  'sheet.auditLogs': 'Audit log',
  'ocpp.offline': 'Charge point {chargePointId} is not connected.',
  'health.stopping': 'This Voltline process is shutting down.',
  'health.natsDown': 'This Voltline process has lost its link to the other processes (NATS).',
  'health.databaseDown': 'This Voltline process cannot reach its database.',
  'ocpp.timeout': 'Charge point {chargePointId} did not answer {action} in time.',
  'ocpp.callError': 'Charge point {chargePointId} could not carry out {action}: {code} {description}',
  'ocpp.notSupported':
    'Charge point {chargePointId} speaks a version of OCPP that does not support {action}; nothing was sent.',
  'command.answered': 'The charge point answered: {status}',
  'command.refused': 'The charge point refused: {status}',
  'entity.chargePoint': 'charge point',
  'entity.session': 'charging session',
  'chargePoint.idFormat':
    'Use 1–48 letters, digits, dots, dashes or underscores, starting with a letter or digit.',
  'chargePoint.idTaken': 'A charge point with this id already exists.',
  'chargePoint.activeSession': 'This charge point has a charging session running; stop it first.',
  'chargePoint.created': 'Charge point created. Copy its password now: it will not be shown again.',
  'chargePoint.updated': 'Charge point updated.',
  'chargePoint.archived': 'Charge point archived.',
  'chargePoint.unarchived': 'Charge point restored.',
  'chargePoint.passwordReset': 'New password set. Copy it now: it will not be shown again.',
  'connector.taken': 'This charge point already has connector {connectorId}.',
  'connector.hasSessions': 'This connector has charging history; archive it instead.',
  'connector.charging': 'This connector is charging; stop the session first.',
  'connector.created': 'Connector added.',
  'connector.updated': 'Connector updated.',
  'connector.deleted': 'Connector deleted.',
  'connector.archived': 'Connector archived.',
  'connector.unarchived': 'Connector restored.',
  'connector.evseUidLength': 'An EVSE id has at most 48 characters.',
  'connector.evseUidFormat':
    'Write the EVSE id as country, operator and E then its own id, such as TR*VLT*E000123*1: letters, digits and *.',
  'connector.evseUidTaken': 'Another connector of this network already has the EVSE id {evseUid}.',
  'connector.queryNeedsId':
    "Give a connectorId, a chargePointId (the id the charger sends, such as CP-001) or a chargePointDbId (the charge point's number).",
  'time.format': 'Use the 24-hour format HH:MM.',
  'entity.connector': 'connector',
  'entity.country': 'country',
  'sheet.chargePoints': 'Charge points',
  'col.chargePointId': 'Charge point ID',
  'col.connection': 'Connection',
  'col.status': 'Status',
  'col.connectors': 'Connectors',
  'col.brand': 'Brand',
  'col.model': 'Model',
  'col.serialNumber': 'Serial number',
  'col.firmware': 'Firmware',
  'col.city': 'City',
  'col.address': 'Address',
  'col.lastHeartbeat': 'Last heartbeat',
  'col.archived': 'Archived',
  'entity.user': 'user',
  'entity.operator': 'operator',
  'entity.auditLog': 'audit log',
  'mail.reset.subject': 'Reset your Voltline password',
  'mail.reset.body':
    'Hello {name},\n\nSomeone asked to reset the password of your Voltline account. Open this link within {minutes} minutes to choose a new one:\n\n{link}\n\nIf it was not you, ignore this e-mail; your password stays as it is.\n\nVoltline',
  ...driverMessages.en,
  ...operatorMessages.en,
  ...billingMessages.en,
  ...chargingMessages.en,
  ...validationMessages.en,
  ...auditMessages.en,
  ...fileMessages.en,
  ...maintenanceMessages.en,
  ...firmwareMessages.en,
  ...securityMessages.en,
  ...securityProfileMessages.en,
  ...pendingChargerMessages.en,
  ...faultMessages.en,
  ...deviceModelMessages.en,
  ...displayMessageMessages.en,
  ...chargerLimitsMessages.en,
  ...monitoringMessages.en,
  ...driverDisplayMessages.en,
  ...bookingMessages.en,
  ...smartChargingMessages.en,
  ...outageMessages.en,
  ...registrationMessages.en,
  ...commandMessages.en,
  ...rawCallMessages.en,
  ...eventMessages.en,
  ...apiKeyMessages.en,
  ...bulkMessages.en,
  ...webhookMessages.en,
  ...remoteStartMessages.en,
  ...receiptMessages.en,
} as const;

export type MessageKey = keyof typeof en;

const tr: Record<MessageKey, string> = {
  'error.generic': 'Bir hata oluştu. Lütfen tekrar deneyin.',
  'error.notFound': '{entity} bulunamadı.',
  'common.yes': 'Evet',
  'common.no': 'Hayır',
  'error.forbidden': 'Bu işlem için yetkiniz yok.',
  'error.unauthorized': 'Lütfen giriş yapın.',
  'error.sessionExpired': 'Oturumunuz sona erdi. Lütfen tekrar giriş yapın.',
  'error.tooManyRequests': 'Çok fazla istek. Lütfen biraz bekleyip tekrar deneyin.',
  'error.validation': 'Bazı alanlar geçerli değil.',
  'validation.required': 'Bu alan zorunludur.',
  'error.routeNotFound': 'Böyle bir API uç noktası yok.',
  'error.bodyTooLarge': 'İstek çok büyük.',
  'error.badJson': 'İstek gövdesi geçerli bir JSON değil.',
  'error.unsupportedMediaType': 'İstek gövdesini JSON olarak gönderin (Content-Type: application/json).',
  'validation.outOfRange': 'Bir sayı çok büyük ya da çok küçük.',
  'validation.dateRange': '1970 ile 2199 arasında bir tarih seçin.',
  'validation.rangeTooLong': 'En fazla on yıllık bir dönem seçin.',
  'validation.badText': 'Bu metin saklanamayan karakterler içeriyor (NUL baytı ya da bozuk bir karakter).',
  'auth.invalidCredentials': 'E-posta veya şifre hatalı.',
  'auth.tooManyFailures': 'Çok fazla başarısız giriş denemesi. {minutes} dakika sonra tekrar deneyin.',
  'auth.loggedOut': 'Çıkış yaptınız.',
  'auth.resetSent': 'Bu e-posta ile bir hesap varsa, sıfırlama bağlantısı gönderildi.',
  'auth.resetInvalid':
    'Bu şifre sıfırlama bağlantısı geçersiz veya süresi dolmuş. Yeni bir bağlantı isteyin.',
  'auth.passwordsDiffer': 'Şifreler eşleşmiyor.',
  'auth.passwordChanged': 'Şifreniz değiştirildi. Artık giriş yapabilirsiniz.',
  'auth.registrationDisabled': 'Bu ağda kendi kendine kayıt kapalı.',
  'auth.registered': "Voltline'a hoş geldiniz! Ağınız hazır.",
  'user.emailTaken': 'Bu e-posta ile kayıtlı bir kullanıcı zaten var.',
  'user.roleNotAssignable': '{role} rolünü veremezsiniz.',
  'user.operatorOutOfReach': 'Bu operatör yetki alanınızın dışında.',
  'user.lastAdmin': 'Bu son aktif Admin; en az bir tane kalmalı.',
  'user.cannotDeleteSelf': 'Kendi hesabınızı silemezsiniz.',
  'user.created': 'Kullanıcı oluşturuldu.',
  'user.updated': 'Kullanıcı güncellendi.',
  'user.deleted': 'Kullanıcı silindi.',
  'password.letter': 'Şifre en az bir harf içermeli.',
  'password.digit': 'Şifre en az bir rakam içermeli.',
  'col.id': 'ID',
  'col.email': 'E-posta',
  'col.name': 'Ad',
  'col.surname': 'Soyad',
  'col.phone': 'Telefon',
  'col.operator': 'Operatör',
  'col.roles': 'Roller',
  'col.active': 'Aktif',
  'col.lastLogin': 'Son giriş',
  'col.createdAt': 'Oluşturulma',
  'col.time': 'Zaman',
  'col.user': 'Kullanıcı',
  'col.action': 'İşlem',
  'col.entity': 'Kayıt türü',
  'col.entityId': 'Kayıt',
  'col.summary': 'Değişiklik',
  'col.ip': 'IP adresi',
  'sheet.users': 'Kullanıcılar',
  'sheet.auditLogs': 'Denetim kaydı',
  'ocpp.offline': '{chargePointId} şarj istasyonu bağlı değil.',
  'health.stopping': 'Bu Voltline süreci kapanıyor.',
  'health.natsDown': 'Bu Voltline sürecinin diğer süreçlerle bağlantısı (NATS) koptu.',
  'health.databaseDown': 'Bu Voltline süreci veritabanına ulaşamıyor.',
  'ocpp.timeout': '{chargePointId} şarj istasyonu {action} komutuna zamanında yanıt vermedi.',
  'ocpp.callError':
    '{chargePointId} şarj istasyonu {action} komutunu yerine getiremedi: {code} {description}',
  'ocpp.notSupported':
    '{chargePointId} şarj istasyonunun konuştuğu OCPP sürümü {action} komutunu desteklemiyor; hiçbir şey gönderilmedi.',
  'command.answered': 'Şarj istasyonunun yanıtı: {status}',
  'command.refused': 'Şarj istasyonu reddetti: {status}',
  'entity.chargePoint': 'Şarj istasyonu',
  'entity.session': 'Şarj oturumu',
  'chargePoint.idFormat':
    'Harf veya rakamla başlayan, 1–48 harf, rakam, nokta, tire veya alt çizgi kullanın.',
  'chargePoint.idTaken': 'Bu kimlikle bir şarj istasyonu zaten var.',
  'chargePoint.activeSession': 'Bu şarj istasyonunda devam eden bir şarj oturumu var; önce onu durdurun.',
  'chargePoint.created': 'Şarj istasyonu oluşturuldu. Şifresini şimdi kopyalayın: tekrar gösterilmeyecek.',
  'chargePoint.updated': 'Şarj istasyonu güncellendi.',
  'chargePoint.archived': 'Şarj istasyonu arşivlendi.',
  'chargePoint.unarchived': 'Şarj istasyonu geri yüklendi.',
  'chargePoint.passwordReset': 'Yeni şifre belirlendi. Şimdi kopyalayın: tekrar gösterilmeyecek.',
  'connector.taken': 'Bu şarj istasyonunda {connectorId} numaralı soket zaten var.',
  'connector.hasSessions': 'Bu soketin şarj geçmişi var; bunun yerine arşivleyin.',
  'connector.charging': 'Bu soket şarj ediyor; önce oturumu durdurun.',
  'connector.created': 'Soket eklendi.',
  'connector.updated': 'Soket güncellendi.',
  'connector.deleted': 'Soket silindi.',
  'connector.archived': 'Soket arşivlendi.',
  'connector.unarchived': 'Soket geri yüklendi.',
  'connector.evseUidLength': 'EVSE kimliği en fazla 48 karakter olabilir.',
  'connector.evseUidFormat':
    'EVSE kimliğini ülke, operatör ve E ile başlayan kendi kimliği olarak yazın, örneğin TR*VLT*E000123*1: harf, rakam ve *.',
  'connector.evseUidTaken': 'Bu ağın başka bir soketi {evseUid} EVSE kimliğini zaten kullanıyor.',
  'connector.queryNeedsId':
    'connectorId, chargePointId (şarj istasyonunun gönderdiği kimlik, örneğin CP-001) veya chargePointDbId (şarj istasyonunun numarası) belirtin.',
  'time.format': '24 saat biçimini kullanın: SS:DD.',
  'entity.connector': 'Soket',
  'entity.country': 'Ülke',
  'sheet.chargePoints': 'Şarj istasyonları',
  'col.chargePointId': 'İstasyon kimliği',
  'col.connection': 'Bağlantı',
  'col.status': 'Durum',
  'col.connectors': 'Soketler',
  'col.brand': 'Marka',
  'col.model': 'Model',
  'col.serialNumber': 'Seri numarası',
  'col.firmware': 'Yazılım sürümü',
  'col.city': 'Şehir',
  'col.address': 'Adres',
  'col.lastHeartbeat': 'Son sinyal',
  'col.archived': 'Arşivlendi',
  'entity.user': 'Kullanıcı',
  'entity.operator': 'Operatör',
  'entity.auditLog': 'Denetim kaydı',
  'mail.reset.subject': 'Voltline şifrenizi sıfırlayın',
  'mail.reset.body':
    'Merhaba {name},\n\nVoltline hesabınızın şifresini sıfırlama isteği aldık. Yeni şifrenizi seçmek için bu bağlantıyı {minutes} dakika içinde açın:\n\n{link}\n\nBu istek size ait değilse bu e-postayı yok sayın; şifreniz değişmez.\n\nVoltline',
  ...driverMessages.tr,
  ...operatorMessages.tr,
  ...billingMessages.tr,
  ...chargingMessages.tr,
  ...validationMessages.tr,
  ...auditMessages.tr,
  ...fileMessages.tr,
  ...maintenanceMessages.tr,
  ...firmwareMessages.tr,
  ...securityMessages.tr,
  ...securityProfileMessages.tr,
  ...pendingChargerMessages.tr,
  ...faultMessages.tr,
  ...deviceModelMessages.tr,
  ...displayMessageMessages.tr,
  ...chargerLimitsMessages.tr,
  ...monitoringMessages.tr,
  ...driverDisplayMessages.tr,
  ...bookingMessages.tr,
  ...smartChargingMessages.tr,
  ...outageMessages.tr,
  ...registrationMessages.tr,
  ...commandMessages.tr,
  ...rawCallMessages.tr,
  ...eventMessages.tr,
  ...apiKeyMessages.tr,
  ...bulkMessages.tr,
  ...webhookMessages.tr,
  ...remoteStartMessages.tr,
  ...receiptMessages.tr,
};

const dictionaries: Record<Locale, Record<string, string>> = { en, tr };

export function isMessageKey(key: string): key is MessageKey {
  return key in en;
}

export function translate(locale: Locale, key: MessageKey, params: Record<string, string | number> = {}) {
  const dict = dictionaries[locale];
  let text = dict[key] ?? en[key];
  for (const [name, value] of Object.entries(params)) {
    const shown = name === 'entity' && isMessageKey(`entity.${value}`) ? t(locale, `entity.${value}`) : value;
    text = text.replaceAll(`{${name}}`, String(shown));
  }
  return text;
}

function t(locale: Locale, key: string): string {
  return dictionaries[locale][key] ?? key;
}

/** Picks en or tr from an Accept-Language header, falling back to the configured default. */
export function pickLocale(header: string | undefined, fallback: Locale): Locale {
  if (!header) return fallback;
  for (const part of header.split(',')) {
    const tag = part.split(';')[0]?.trim().toLowerCase().slice(0, 2);
    if (tag === 'en' || tag === 'tr') return tag;
  }
  return fallback;
}
