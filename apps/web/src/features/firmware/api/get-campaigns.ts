import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { FIRMWARE_API, PAGE_SIZE, type Campaign, type Ok, type Page } from '@voltline/contract';
import { CAMPAIGN_POLL_MS, firmwareKeys } from '../../../api/firmware/keys';
import { apiClient, unwrap } from '../../../lib/api-client';

export const getCampaigns = (index: number): Promise<Page<Campaign>> =>
  unwrap(apiClient.get<Ok<Page<Campaign>>>(FIRMWARE_API.campaigns, { params: { index, size: PAGE_SIZE } }));

/** Campaigns, newest first; the page asks again while one of them runs. */
export const useCampaigns = (index: number) =>
  useQuery({
    queryKey: firmwareKeys.campaigns(index),
    queryFn: () => getCampaigns(index),
    placeholderData: keepPreviousData,
    refetchInterval: (q) =>
      q.state.data?.items.some((c) => c.state === 'running') ? CAMPAIGN_POLL_MS : false,
  });
