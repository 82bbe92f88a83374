import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  WEBHOOKS_API,
  type Ok,
  type Page,
  type WebhookDelivery,
  type WebhookDeliveryState,
} from '@voltline/contract';
import { apiClient, unwrap } from '../../../lib/api-client';
import { LOG_REFRESH_MS, webhookKeys } from './keys';

export const getDeliveries = (
  endpointId: number | undefined,
  state: WebhookDeliveryState | undefined,
  index: number,
): Promise<Page<WebhookDelivery>> =>
  unwrap(
    apiClient.get<Ok<Page<WebhookDelivery>>>(WEBHOOKS_API.deliveries, {
      params: { index, size: 10, ...(endpointId ? { endpointId } : {}), ...(state ? { state } : {}) },
    }),
  );

export const deliveriesQueryOptions = (
  endpointId: number | undefined,
  state: WebhookDeliveryState | undefined,
  index: number,
) =>
  queryOptions({
    queryKey: webhookKeys.deliveries(endpointId, state, index),
    queryFn: () => getDeliveries(endpointId, state, index),
    placeholderData: keepPreviousData,
    refetchInterval: LOG_REFRESH_MS,
  });

export const useDeliveries = (
  endpointId: number | undefined,
  state: WebhookDeliveryState | undefined,
  index: number,
) => useQuery(deliveriesQueryOptions(endpointId, state, index));
