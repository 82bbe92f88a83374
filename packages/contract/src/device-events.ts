import { z } from 'zod';
import { PageQuery } from './common.js';
import { EventMonitor } from './monitoring.js';

/** What made a charger report an event (OCPP 2.0.1 EventTriggerEnumType). */
export const EVENT_TRIGGERS = ['Alerting', 'Delta', 'Periodic'] as const;
export const EventTrigger = z.enum(EVENT_TRIGGERS);
export type EventTrigger = z.infer<typeof EventTrigger>;

/**
 * One event a charger reported about a part of itself (OCPP 2.0.1 NotifyEvent, N07/G05): which
 * component and variable (on which EVSE and connector), why (trigger), the value, the charger's
 * own code and text, and whether it clears an earlier one. `severity` (0 danger … 9 debug) is the
 * monitor's, given only when the event carries it (OCPP 2.1's EventData, or a 2.0.1 charger's
 * `customData.severity`); a 2.0.1 event does not name its severity otherwise.
 */
export const DeviceEvent = z.object({
  id: z.number().int(),
  /** When the charger says it happened. */
  at: z.string(),
  /** When Voltline received it. */
  receivedAt: z.string(),
  eventId: z.number().int(),
  component: z.string(),
  componentInstance: z.string().nullable(),
  evseId: z.number().int().nullable(),
  connectorId: z.number().int().nullable(),
  variable: z.string(),
  variableInstance: z.string().nullable(),
  trigger: EventTrigger,
  actualValue: z.string(),
  severity: z.number().int().nullable(),
  techCode: z.string().nullable(),
  techInfo: z.string().nullable(),
  cleared: z.boolean(),
  transactionId: z.string().nullable(),
  /** HardWiredNotification, HardWiredMonitor, PreconfiguredMonitor or CustomMonitor. */
  notificationType: z.string(),
  /** The charger's id of the monitor that raised the event (N07/N08), if one did. */
  monitorId: z.number().int().nullable(),
  /** That monitor as Voltline knows it (what it watches for); null when unknown or cleared since. */
  monitor: EventMonitor.nullable(),
});
export type DeviceEvent = z.infer<typeof DeviceEvent>;

/** GET portal/ChargePoint/{id}/events: a page, newest first, narrowed by component, trigger, severity. */
export const DeviceEventQuery = PageQuery.extend({
  /** The component's name, whole (e.g. `Connector`, `EVSE`), case-insensitive. */
  component: z.string().trim().min(1).max(50).optional(),
  trigger: EventTrigger.optional(),
  /** Events of this severity or a graver one (a lower number), as a monitoring level reads. */
  severity: z.coerce.number().int().min(0).max(9).optional(),
});
export type DeviceEventQuery = z.infer<typeof DeviceEventQuery>;
