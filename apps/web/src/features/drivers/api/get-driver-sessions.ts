import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { API, PAGE_SIZE, type Ok, type SessionFilter, type SessionPage } from '@voltline/contract';
import { apiClient, unwrap } from '../../../lib/api-client';
import { driverKeys } from './keys';

/** The driver's charging sessions, newest first. */
export const getDriverSessions = (driverId: number, index: number): Promise<SessionPage> => {
  const filter: SessionFilter = { driverId, sortOrder: 'desc' };
  return unwrap(
    apiClient.post<Ok<SessionPage>>(API.sessions.dynamic, filter, { params: { index, size: PAGE_SIZE } }),
  );
};

export const driverSessionsQueryOptions = (driverId: number, index: number) =>
  queryOptions({
    queryKey: driverKeys.sessions(driverId, index),
    queryFn: () => getDriverSessions(driverId, index),
    placeholderData: keepPreviousData,
  });

export const useDriverSessions = (driverId: number, index: number, enabled = true) =>
  useQuery({ ...driverSessionsQueryOptions(driverId, index), enabled });
