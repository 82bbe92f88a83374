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
import { stickerMessages } from './messages/stickers.js';
import { generalMessages } from './messages/general.js';
import { securityMessages } from './messages/security.js';
import { securityProfileMessages } from './messages/security-profiles.js';
import { pendingChargerMessages } from './messages/pending-chargers.js';
import { faultMessages } from './messages/faults.js';
import { bookingMessages } from './messages/bookings.js';
import { smartChargingMessages } from './messages/smart-charging.js';
import { outageMessages } from './messages/outage.js';
import { uptimeMessages } from './messages/uptime.js';
import { openDataMessages } from './messages/open-data.js';
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
import { alertMessages } from './messages/alerts.js';
import { roamingMessages } from './messages/roaming.js';

/**
 * Every text the API answers with, in each language of the portal. Keys are grouped by domain;
 * `{name}` placeholders are filled from the error's params.
 */
const en = {
  ...generalMessages.en,
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
  ...uptimeMessages.en,
  ...openDataMessages.en,
  ...registrationMessages.en,
  ...commandMessages.en,
  ...rawCallMessages.en,
  ...eventMessages.en,
  ...apiKeyMessages.en,
  ...bulkMessages.en,
  ...webhookMessages.en,
  ...remoteStartMessages.en,
  ...receiptMessages.en,
  ...stickerMessages.en,
  ...alertMessages.en,
  ...roamingMessages.en,
} as const;

export type MessageKey = keyof typeof en;

const tr: Record<MessageKey, string> = {
  ...generalMessages.tr,
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
  ...uptimeMessages.tr,
  ...openDataMessages.tr,
  ...registrationMessages.tr,
  ...commandMessages.tr,
  ...rawCallMessages.tr,
  ...eventMessages.tr,
  ...apiKeyMessages.tr,
  ...bulkMessages.tr,
  ...webhookMessages.tr,
  ...remoteStartMessages.tr,
  ...receiptMessages.tr,
  ...stickerMessages.tr,
  ...alertMessages.tr,
  ...roamingMessages.tr,
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
