import { useMutation, useQueryClient } from '@tanstack/react-query';
import {
  WEBHOOKS_API,
  type CreateWebhookBody,
  type Ok,
  type UpdateWebhookBody,
  type WebhookEndpoint,
  type WebhookWithSecret,
} from '@voltline/contract';
import { apiClient, unwrap } from '../../../lib/api-client';
import { webhookKeys } from './keys';

export const createEndpoint = (body: CreateWebhookBody): Promise<WebhookWithSecret> =>
  unwrap(apiClient.post<Ok<WebhookWithSecret>>(WEBHOOKS_API.endpoints, body));

export const updateEndpoint = ({
  id,
  ...body
}: UpdateWebhookBody & { id: number }): Promise<WebhookEndpoint> =>
  unwrap(apiClient.put<Ok<WebhookEndpoint>>(WEBHOOKS_API.byId(id), body));

export function useCreateEndpoint() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createEndpoint,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhookKeys.all }),
  });
}

export function useUpdateEndpoint() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateEndpoint,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhookKeys.all }),
  });
}
