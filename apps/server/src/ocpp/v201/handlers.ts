import type { Handler } from '../context.js';
import { authorize } from './handlers/authorize.js';
import { bootNotification } from './handlers/boot-notification.js';
import { clearedChargingLimit } from './handlers/cleared-charging-limit.js';
import { dataTransfer } from './handlers/data-transfer.js';
import { get15118EVCertificate } from './handlers/get-15118-ev-certificate.js';
import { getCertificateStatus } from './handlers/get-certificate-status.js';
import { firmwareStatusNotification } from './handlers/firmware-status-notification.js';
import { heartbeat } from './handlers/heartbeat.js';
import { logStatusNotification } from './handlers/log-status-notification.js';
import { meterValues } from './handlers/meter-values.js';
import { transactionEvent } from './handlers/transaction-event.js';
import { notifyCustomerInformation } from './handlers/notify-customer-information.js';
import { notifyDisplayMessages } from './handlers/notify-display-messages.js';
import { notifyChargingLimit } from './handlers/notify-charging-limit.js';
import { notifyEVChargingNeeds } from './handlers/notify-ev-charging-needs.js';
import { notifyEVChargingSchedule } from './handlers/notify-ev-charging-schedule.js';
import { notifyEvent } from './handlers/notify-event.js';
import { notifyMonitoringReport } from './handlers/notify-monitoring-report.js';
import { notifyReport } from './handlers/notify-report.js';
import { reportChargingProfiles } from './handlers/report-charging-profiles.js';
import { reservationStatusUpdate } from './handlers/reservation-status-update.js';
import { securityEventNotification } from './handlers/security-event-notification.js';
import { signCertificate } from './handlers/sign-certificate.js';
import { statusNotification } from './handlers/status-notification.js';

/**
 * Messages an OCPP 2.0.1 charger may send, each to its handler; each translates its frame into the
 * same domain services the 1.6 handlers call. Anything else is answered NotImplemented.
 */
export const handlers: Record<string, Handler<never, unknown>> = {
  Authorize: authorize,
  BootNotification: bootNotification,
  ClearedChargingLimit: clearedChargingLimit,
  DataTransfer: dataTransfer,
  FirmwareStatusNotification: firmwareStatusNotification,
  Get15118EVCertificate: get15118EVCertificate,
  GetCertificateStatus: getCertificateStatus,
  Heartbeat: heartbeat,
  LogStatusNotification: logStatusNotification,
  MeterValues: meterValues,
  NotifyCustomerInformation: notifyCustomerInformation,
  NotifyDisplayMessages: notifyDisplayMessages,
  NotifyChargingLimit: notifyChargingLimit,
  NotifyEVChargingNeeds: notifyEVChargingNeeds,
  NotifyEVChargingSchedule: notifyEVChargingSchedule,
  NotifyEvent: notifyEvent,
  NotifyMonitoringReport: notifyMonitoringReport,
  NotifyReport: notifyReport,
  ReportChargingProfiles: reportChargingProfiles,
  ReservationStatusUpdate: reservationStatusUpdate,
  SecurityEventNotification: securityEventNotification,
  SignCertificate: signCertificate,
  StatusNotification: statusNotification,
  TransactionEvent: transactionEvent,
};

/** Messages whose order matters on one charger; they run one after another per charger. */
export const ordered = new Set([
  'BootNotification',
  'StatusNotification',
  'TransactionEvent',
  'ReservationStatusUpdate',
  'MeterValues',
  'NotifyEvent',
  'NotifyCustomerInformation',
  'NotifyReport',
  // Its parts carry no sequence number: they are gathered in the order they come.
  'NotifyDisplayMessages',
  'NotifyMonitoringReport',
  'FirmwareStatusNotification',
  'LogStatusNotification',
  'ReportChargingProfiles',
  'NotifyChargingLimit',
  'ClearedChargingLimit',
]);

/**
 * B02/B03: what a charger whose registration is not Accepted may send: its BootNotification (and
 * answers to Voltline's own requests, which are not CALLs). Anything else is refused with
 * SecurityError until it is accepted.
 */
export const beforeAcceptance = new Set(['BootNotification']);
