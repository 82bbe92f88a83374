import { useMutation, useQueryClient } from '@tanstack/react-query';
import { WEBHOOKS_API, type Ok, type WebhookWithSecret } from '@voltline/contract';
import { apiClient, unwrap } from '../../../lib/api-client';
import { webhookKeys } from './keys';

export const deleteEndpoint = async (id: number): Promise<void> => {
  await apiClient.delete(WEBHOOKS_API.byId(id));
};
export const rotateSecret = (id: number): Promise<WebhookWithSecret> =>
  unwrap(apiClient.post<Ok<WebhookWithSecret>>(WEBHOOKS_API.rotateSecret(id)));
export const sendTest = (id: number): Promise<{ deliveryId: number }> =>
  unwrap(apiClient.post<Ok<{ deliveryId: number }>>(WEBHOOKS_API.test(id)));
export const replayDelivery = async (id: number): Promise<void> => {
  await apiClient.post(WEBHOOKS_API.replay(id));
};

/** One hook per action; each refreshes the endpoints and the delivery log. */
function useWebhookMutation<T, R>(fn: (v: T) => Promise<R>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: fn,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: webhookKeys.all }),
  });
}

export const useDeleteEndpoint = () => useWebhookMutation(deleteEndpoint);
export const useRotateSecret = () => useWebhookMutation(rotateSecret);
export const useSendTest = () => useWebhookMutation(sendTest);
export const useReplayDelivery = () => useWebhookMutation(replayDelivery);
