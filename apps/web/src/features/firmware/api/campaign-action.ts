import { useMutation, useQueryClient } from '@tanstack/react-query';
import { FIRMWARE_API, type CAMPAIGN_ACTIONS, type Campaign, type Ok } from '@voltline/contract';
import { firmwareKeys } from '../../../api/firmware/keys';
import { apiClient, unwrap } from '../../../lib/api-client';

export type CampaignAction = (typeof CAMPAIGN_ACTIONS)[number];

export const campaignAction = ({ id, action }: { id: number; action: CampaignAction }): Promise<Campaign> =>
  unwrap(apiClient.post<Ok<Campaign>>(FIRMWARE_API.campaignAction(id, action)));

export function useCampaignAction() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: campaignAction,
    onSettled: () => queryClient.invalidateQueries({ queryKey: firmwareKeys.all }),
  });
}
