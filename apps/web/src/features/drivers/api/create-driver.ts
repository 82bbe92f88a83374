import { useMutation, useQueryClient } from '@tanstack/react-query';
import { API, type CreateDriverBody, type DriverDetail, type Ok } from '@voltline/contract';
import { apiClient, unwrap } from '../../../lib/api-client';
import { driverKeys } from './keys';

/** The driver with addresses, vehicles and cards in one call. */
export const createDriver = (body: CreateDriverBody): Promise<DriverDetail> =>
  unwrap(apiClient.post<Ok<DriverDetail>>(API.drivers.save, body));

export function useCreateDriver() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createDriver,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: driverKeys.lists() }),
  });
}
