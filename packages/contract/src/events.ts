import { z } from 'zod';

/**
 * What Voltline tells other systems (issue #32): one versioned JSON shape per event type, the same
 * in a webhook's body and in the pull feed (`GET /api/events`). A charger is named by its OCPP
 * identity (`chargePointId: "VL-DEMO-0001"`), never by a database id; energy is in Wh, money in
 * minor units with its currency, times ISO 8601. A shape only gains optional keys within a
 * version; a key removed or changed in meaning is a new version (docs/events.md).
 */
export const EVENT_TYPES = [
  'session.started',
  'session.updated',
  'session.stopped',
  'session.billed',
  'session.held',
  'charger.connected',
  'charger.disconnected',
  'charger.status_changed',
  'charger.faulted',
  'charger.booted',
  'command.answered',
  'payment.captured',
  'payment.refunded',
  'booking.created',
  'booking.ended',
  'firmware.campaign_progress',
  'alert.raised',
  'alert.resolved',
] as const;
export type EventType = (typeof EVENT_TYPES)[number];

const Time = z.string();
const Charger = { chargePointId: z.string() };

/** What every session event names: the session, its charger and connector, its transaction. */
const SessionRef = {
  sessionId: z.number().int(),
  ...Charger,
  /** The connector (OCPP 1.6) or EVSE (OCPP 2.0.1) the session runs on. */
  connectorId: z.number().int(),
  /** The charger's transaction id: the session's number for 1.6, the charger's own for 2.0.1. */
  transactionId: z.string(),
};

const SessionStarted = z.object({
  ...SessionRef,
  idTag: z.string(),
  startedAt: Time,
  meterStartWh: z.number(),
});
const SessionUpdated = z.object({
  ...SessionRef,
  meterWh: z.number().nullable(),
  energyWh: z.number().nullable(),
  powerW: z.number().nullable(),
  soc: z.number().nullable(),
  at: Time,
});
const SessionStopped = z.object({
  ...SessionRef,
  idTag: z.string(),
  startedAt: Time,
  stoppedAt: Time.nullable(),
  meterStartWh: z.number(),
  meterStopWh: z.number().nullable(),
  energyWh: z.number().nullable(),
  stopReason: z.string().nullable(),
});
const SessionBilled = z.object({
  ...SessionRef,
  energyWh: z.number().nullable(),
  /** Minor units (cents, kuruş). */
  amount: z.number().int(),
  currency: z.string(),
});
const SessionHeld = z.object({
  ...SessionRef,
  energyWh: z.number().nullable(),
  reasons: z.array(z.string()),
});

const ChargerConnected = z.object({ ...Charger, protocol: z.string().nullable() });
const ChargerDisconnected = z.object({ ...Charger, reason: z.string().nullable() });
const ChargerStatusChanged = z.object({
  ...Charger,
  /** 0: the charger itself. */
  connectorId: z.number().int(),
  status: z.string(),
  previousStatus: z.string().nullable(),
  errorCode: z.string(),
  at: Time,
});
const ChargerFaulted = z.object({
  ...Charger,
  connectorId: z.number().int(),
  status: z.string(),
  errorCode: z.string(),
  info: z.string().nullable(),
  vendorErrorCode: z.string().nullable(),
  at: Time,
});
const ChargerBooted = z.object({
  ...Charger,
  vendor: z.string(),
  model: z.string(),
  serialNumber: z.string().nullable(),
  firmwareVersion: z.string().nullable(),
  /** How Voltline answered the boot: accepted, pending or rejected. */
  registrationStatus: z.string(),
});
const CommandAnswered = z.object({
  ...Charger,
  commandId: z.number().int(),
  command: z.string(),
  /** answered, callError, timeout, offline… (the command log's outcome). */
  outcome: z.string(),
  /** The charger's answer (Accepted, Rejected…), or how the command failed (Timeout, Offline…). */
  status: z.string(),
  answeredAt: Time,
});
const PaymentCaptured = z.object({
  paymentId: z.number().int(),
  sessionId: z.number().int().nullable(),
  driverId: z.number().int().nullable(),
  kind: z.string(),
  amount: z.number().int(),
  currency: z.string(),
  gateway: z.string(),
});
const PaymentRefunded = z.object({
  paymentId: z.number().int(),
  sessionId: z.number().int().nullable(),
  /** This refund, minor units. */
  amount: z.number().int(),
  /** All refunds of the payment so far. */
  refundedTotal: z.number().int(),
  currency: z.string(),
});
const BookingCreated = z.object({
  bookingId: z.number().int(),
  ...Charger,
  connectorId: z.number().int(),
  startsAt: Time.nullable(),
  expiresAt: Time,
});
const BookingEnded = z.object({
  bookingId: z.number().int(),
  ...Charger,
  connectorId: z.number().int(),
  /** used, cancelled, expired… */
  status: z.string(),
});
const FirmwareCampaignProgress = z.object({
  campaignId: z.number().int(),
  ...Charger,
  /** The charger's step in the campaign (sent, Installed, confirmed, timedOut…). */
  status: z.string(),
  /** The campaign's chargers per step, after this one. */
  counts: z.record(z.string(), z.number()),
});

/** An alert (issue #33) and the chargers it holds. */
const AlertRef = {
  alertId: z.number().int(),
  /** charger_offline… */
  kind: z.string(),
  ruleId: z.number().int(),
  chargePointIds: z.array(z.string()),
};
const AlertRaised = z.object({ ...AlertRef, raisedAt: Time });
const AlertResolved = z.object({
  ...AlertRef,
  /** `cleared`: it cleared by itself; `manual`: staff resolved it. */
  resolution: z.enum(['cleared', 'manual']),
  resolvedAt: Time,
});

/** Each event type's `data`, version 1. */
export const EVENT_DATA = {
  'session.started': SessionStarted,
  'session.updated': SessionUpdated,
  'session.stopped': SessionStopped,
  'session.billed': SessionBilled,
  'session.held': SessionHeld,
  'charger.connected': ChargerConnected,
  'charger.disconnected': ChargerDisconnected,
  'charger.status_changed': ChargerStatusChanged,
  'charger.faulted': ChargerFaulted,
  'charger.booted': ChargerBooted,
  'command.answered': CommandAnswered,
  'payment.captured': PaymentCaptured,
  'payment.refunded': PaymentRefunded,
  'booking.created': BookingCreated,
  'booking.ended': BookingEnded,
  'firmware.campaign_progress': FirmwareCampaignProgress,
  'alert.raised': AlertRaised,
  'alert.resolved': AlertResolved,
} satisfies Record<EventType, z.ZodType>;
export type EventData<T extends EventType> = z.infer<(typeof EVENT_DATA)[T]>;

/** An event as every consumer receives it (webhook body, feed item). */
export const PublicEvent = z.object({
  /** A 64-bit counter, as text: ascending in the order events were recorded. */
  id: z.string(),
  type: z.string(),
  version: z.number().int(),
  occurredAt: z.string(),
  operatorId: z.number().int(),
  data: z.record(z.string(), z.unknown()),
});
export type PublicEvent = z.infer<typeof PublicEvent>;

/** Most events one pull returns. */
export const EVENT_FEED_MAX = 500;

/** `GET /api/events?after=<cursor>&limit=<n>&type=<t,..>`; a cursor is a page's `next` (an event id is still accepted). */
export const EventFeedQuery = z.object({
  after: z
    .string()
    .regex(/^(\d{1,20}\.)?\d{1,18}$/, 'validation.eventCursor')
    .optional(),
  limit: z.coerce.number().int().min(1).max(EVENT_FEED_MAX).default(100),
  type: z
    .string()
    .optional()
    .transform((v) => (v ? v.split(',').map((t) => t.trim()) : undefined))
    .pipe(z.array(z.enum(EVENT_TYPES, { message: 'validation.eventType' })).optional()),
});
export type EventFeedQuery = z.infer<typeof EventFeedQuery>;

/** A pull's answer: pass `next` as `after` for the following events (the same cursor when none). */
export const EventFeedPage = z.object({ events: z.array(PublicEvent), next: z.string().nullable() });
export type EventFeedPage = z.infer<typeof EventFeedPage>;
