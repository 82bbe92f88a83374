import type { WebhookDeliveryState } from '@voltline/contract';

/** Query keys of webhooks; every change invalidates `webhookKeys.all` (endpoints and log move together). */
export const webhookKeys = {
  all: ['webhooks'] as const,
  endpoints: () => [...webhookKeys.all, 'endpoints'] as const,
  deliveries: (endpointId: number | undefined, state: WebhookDeliveryState | undefined, index: number) =>
    [...webhookKeys.all, 'deliveries', endpointId ?? 'all', state ?? 'all', index] as const,
};

/** The log refreshes while deliveries are on their way. */
export const LOG_REFRESH_MS = 3_000;
