import { useQuery } from '@tanstack/react-query';
import { ALERTS_API, type AlertCount, type Ok } from '@voltline/contract';
import { apiClient, unwrap } from '../../../lib/api-client';
import { alertKeys, COUNT_REFRESH_MS } from './keys';

export const getAlertCount = (): Promise<AlertCount> =>
  unwrap(apiClient.get<Ok<AlertCount>>(ALERTS_API.count, { silent: true }));

/** Open and acknowledged alerts in reach, for the header; asked only when the user may read alerts. */
export const useAlertCount = (enabled: boolean) =>
  useQuery({
    queryKey: alertKeys.count(),
    queryFn: getAlertCount,
    enabled,
    refetchInterval: COUNT_REFRESH_MS,
  });
