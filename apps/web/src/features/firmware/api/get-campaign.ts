import { useQuery } from '@tanstack/react-query';
import { FIRMWARE_API, type CampaignDetail, type Ok } from '@voltline/contract';
import { CAMPAIGN_POLL_MS, firmwareKeys } from '../../../api/firmware/keys';
import { apiClient, unwrap } from '../../../lib/api-client';
import { isLive } from '../campaign-progress';

export const getCampaign = (id: number): Promise<CampaignDetail> =>
  unwrap(apiClient.get<Ok<CampaignDetail>>(FIRMWARE_API.campaign(id)));

/** One campaign with each charger's state, asked again every few seconds until it has finished. */
export const useCampaign = (id: number | undefined) =>
  useQuery({
    queryKey: firmwareKeys.campaign(id ?? 0),
    queryFn: () => getCampaign(id ?? 0),
    enabled: id !== undefined,
    refetchInterval: (q) => (q.state.data && isLive(q.state.data.state) ? CAMPAIGN_POLL_MS : false),
  });
