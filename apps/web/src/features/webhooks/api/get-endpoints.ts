import { queryOptions, useQuery } from '@tanstack/react-query';
import { WEBHOOKS_API, type Ok, type WebhookEndpoint } from '@voltline/contract';
import { apiClient, unwrap } from '../../../lib/api-client';
import { LOG_REFRESH_MS, webhookKeys } from './keys';

export const getEndpoints = (): Promise<WebhookEndpoint[]> =>
  unwrap(apiClient.get<Ok<WebhookEndpoint[]>>(WEBHOOKS_API.endpoints));

export const endpointsQueryOptions = () =>
  queryOptions({ queryKey: webhookKeys.endpoints(), queryFn: getEndpoints, refetchInterval: LOG_REFRESH_MS });

export const useEndpoints = () => useQuery(endpointsQueryOptions());
