import { z } from 'zod';
import { Id, IsoTime } from './common.js';
import { EVENT_TYPES } from './events.js';

/** API paths of webhooks (relative to `/api/`), beside `API` in routes.ts. */
export const WEBHOOKS_API = {
  endpoints: 'portal/Webhooks',
  byId: (id: number | string) => `portal/Webhooks/${id}`,
  rotateSecret: (id: number | string) => `portal/Webhooks/${id}/rotateSecret`,
  test: (id: number | string) => `portal/Webhooks/${id}/test`,
  deliveries: 'portal/Webhooks/deliveries',
  replay: (id: number | string) => `portal/Webhooks/deliveries/${id}/replay`,
} as const;

/**
 * The event types an endpoint may choose (the events feed's own list); `webhook.test` is sent by the
 * test button whatever the endpoint chose.
 */
/** What an endpoint may ask for: every integration event type (docs/events.md). */
export const WEBHOOK_EVENT_TYPES = EVENT_TYPES;
export const WEBHOOK_TEST_EVENT = 'webhook.test';

/** Signature header: `t=<unix seconds>,v1=<hex HMAC-SHA256(secret, t + "." + body)>`. */
export const WEBHOOK_HEADERS = {
  signature: 'Voltline-Signature',
  eventId: 'Voltline-Event-Id',
  eventType: 'Voltline-Event-Type',
  deliveryId: 'Voltline-Delivery-Id',
} as const;

/** An event type an endpoint asks for: one of the feed's types. */
const EventType = z.enum(EVENT_TYPES);

export const WebhookUrl = z
  .string()
  .trim()
  .max(2000)
  .pipe(z.url({ protocol: /^https?$/ }));

export const CreateWebhookBody = z.object({
  url: WebhookUrl,
  description: z.string().trim().max(200).nullish(),
  /** None: every event type, including those added later. */
  eventTypes: z.array(EventType).max(50).default([]),
  /** The operator whose events (and those below it) are sent; default the user's own. */
  operatorId: Id.optional(),
});
export type CreateWebhookBody = z.input<typeof CreateWebhookBody>;

export const UpdateWebhookBody = z.object({
  url: WebhookUrl.optional(),
  description: z.string().trim().max(200).nullish(),
  eventTypes: z.array(EventType).max(50).optional(),
  /** Switching on again clears a switch-off for failure; deliveries older than a day are skipped. */
  enabled: z.boolean().optional(),
});
export type UpdateWebhookBody = z.input<typeof UpdateWebhookBody>;

export const WEBHOOK_DISABLED_REASONS = ['user', 'failing'] as const;

export const WebhookEndpoint = z.object({
  id: z.number().int(),
  operatorId: z.number().int(),
  operatorName: z.string(),
  url: z.string(),
  description: z.string().nullable(),
  eventTypes: z.array(z.string()),
  enabled: z.boolean(),
  disabledReason: z.enum(WEBHOOK_DISABLED_REASONS).nullable(),
  disabledAt: IsoTime.nullable(),
  failingSince: IsoTime.nullable(),
  pending: z.number().int(),
  createdAt: IsoTime,
});
export type WebhookEndpoint = z.infer<typeof WebhookEndpoint>;

/** The endpoint with its secret: answered once, when created or when its secret is rotated. */
export const WebhookWithSecret = WebhookEndpoint.extend({ secret: z.string() });
export type WebhookWithSecret = z.infer<typeof WebhookWithSecret>;

export const WEBHOOK_DELIVERY_STATES = ['pending', 'delivered', 'failed'] as const;
export const WebhookDeliveryState = z.enum(WEBHOOK_DELIVERY_STATES);
export type WebhookDeliveryState = z.infer<typeof WebhookDeliveryState>;

export const WebhookAttempt = z.object({
  at: IsoTime,
  /** The receiver's HTTP status; null when no answer came (refused, timed out). */
  status: z.number().int().nullable(),
  /** The start of the receiver's answer (at most 500 characters). */
  answer: z.string().nullable(),
  error: z.string().nullable(),
  durationMs: z.number().int(),
});
export type WebhookAttempt = z.infer<typeof WebhookAttempt>;

export const WebhookDelivery = z.object({
  id: z.number().int(),
  endpointId: z.number().int(),
  endpointUrl: z.string(),
  eventId: z.string().nullable(),
  eventType: z.string(),
  chargePointId: z.number().int().nullable(),
  state: WebhookDeliveryState,
  attempts: z.number().int(),
  nextAttemptAt: IsoTime.nullable(),
  deliveredAt: IsoTime.nullable(),
  createdAt: IsoTime,
  tries: z.array(WebhookAttempt),
});
export type WebhookDelivery = z.infer<typeof WebhookDelivery>;

export const WebhookDeliveryQuery = z.object({
  endpointId: Id.optional(),
  state: WebhookDeliveryState.optional(),
  index: z.coerce.number().int().min(0).default(0),
  size: z.coerce.number().int().min(1).max(100).default(10),
});
export type WebhookDeliveryQuery = z.input<typeof WebhookDeliveryQuery>;
