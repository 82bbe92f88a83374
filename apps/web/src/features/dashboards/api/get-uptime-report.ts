import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { UPTIME_API, type Ok, type UptimeReport } from '@voltline/contract';
import type { OnProgress } from '../../../hooks/use-file-download';
import { apiClient, unwrap } from '../../../lib/api-client';
import { dashboardKeys } from './keys';

/** An operator's month (YYYY-MM); without an operator, the user's own. */
export const getUptimeReport = (operatorId: number | undefined, month: string): Promise<UptimeReport> =>
  unwrap(apiClient.get<Ok<UptimeReport>>(UPTIME_API.report, { params: { operatorId, month } }));

export const uptimeReportQueryOptions = (operatorId: number | undefined, month: string) =>
  queryOptions({
    queryKey: dashboardKeys.uptime(operatorId, month),
    queryFn: () => getUptimeReport(operatorId, month),
    placeholderData: keepPreviousData,
  });

export const useUptimeReport = (operatorId: number | undefined, month: string) =>
  useQuery(uptimeReportQueryOptions(operatorId, month));

/** The same report as .xlsx or .pdf. */
export const exportUptimeReport = async (
  operatorId: number | undefined,
  month: string,
  format: 'excel' | 'pdf',
  onProgress: OnProgress,
): Promise<Blob> => {
  const res = await apiClient.get<Blob>(UPTIME_API[format], {
    params: { operatorId, month },
    responseType: 'blob',
    onDownloadProgress: onProgress,
  });
  return res.data;
};
