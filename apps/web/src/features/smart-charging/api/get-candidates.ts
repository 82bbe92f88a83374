import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { API, PAGE_SIZE, type ChargePoint, type Ok, type Page } from '@voltline/contract';
import { apiClient, unwrap } from '../../../lib/api-client';
import { groupKeys } from './keys';

/**
 * Charge points that could join a group: those in reach and not archived (the server refuses an
 * archived one), by operator and typed search.
 */
export const getCandidates = (
  operatorId: number | undefined,
  search: string,
  index: number,
): Promise<Page<ChargePoint>> =>
  unwrap(
    apiClient.post<Ok<Page<ChargePoint>>>(
      API.chargePoints.allDynamic,
      { operatorId, search: search || undefined, archived: false, sortBy: 'chargePointId', sortOrder: 'asc' },
      { params: { index, size: PAGE_SIZE } },
    ),
  );

export const useCandidates = (operatorId: number | undefined, search: string, index: number) =>
  useQuery({
    queryKey: groupKeys.candidates(operatorId, search, index),
    queryFn: () => getCandidates(operatorId, search, index),
    placeholderData: keepPreviousData,
  });
