import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { API, PAGE_SIZE, type CommandRecord, type Ok, type Page } from '@voltline/contract';
import { apiClient, unwrap } from '../../../lib/api-client';
import { chargePointKeys, LIVE_INTERVAL_MS } from './keys';

/** Remote commands sent to the charge point (by database id), newest first. */
export const getCommands = (id: number, index: number): Promise<Page<CommandRecord>> =>
  unwrap(
    apiClient.get<Ok<Page<CommandRecord>>>(API.chargePoints.commands(id), {
      params: { index, size: PAGE_SIZE },
    }),
  );

/**
 * Followed like the connection history: a command still waiting for its answer, or one sent by
 * someone else, shows up without a reload. Commands sent from this page invalidate it at once.
 */
export const commandsQueryOptions = (id: number, index: number) =>
  queryOptions({
    queryKey: chargePointKeys.commands(id, index),
    queryFn: () => getCommands(id, index),
    placeholderData: keepPreviousData,
    refetchInterval: LIVE_INTERVAL_MS,
  });

export const useCommands = (id: number, index: number) => useQuery(commandsQueryOptions(id, index));
