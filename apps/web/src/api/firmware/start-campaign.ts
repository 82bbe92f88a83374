import { useMutation, useQueryClient } from '@tanstack/react-query';
import { FIRMWARE_API, type Campaign, type NewCampaign, type Ok } from '@voltline/contract';
import { apiClient, unwrap } from '../../lib/api-client';
import { firmwareKeys } from './keys';

/** Starts a campaign: the server sends UpdateFirmware to its first batch at once. */
export const startCampaign = (body: NewCampaign): Promise<Campaign> =>
  unwrap(apiClient.post<Ok<Campaign>>(FIRMWARE_API.campaigns, body));

export function useStartCampaign() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: startCampaign,
    onSettled: () => queryClient.invalidateQueries({ queryKey: firmwareKeys.all }),
  });
}
