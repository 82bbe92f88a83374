import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  API,
  PAGE_SIZE,
  type CustomerInformationBody,
  type CustomerInformationRequest,
  type Ok,
  type Page,
} from '@voltline/contract';
import { apiClient, unwrap } from '../../../lib/api-client';
import { driverKeys } from './keys';
import { useDriverMutation } from './use-driver-mutation';

/** States in which the charger may still report on a request: the list is read again meanwhile. */
const OPEN = new Set(['sent', 'Accepted', 'reporting']);

export const getCustomerInformation = (
  driverId: number,
  index: number,
): Promise<Page<CustomerInformationRequest>> =>
  unwrap(
    apiClient.get<Ok<Page<CustomerInformationRequest>>>(API.drivers.customerInformation(driverId), {
      params: { index, size: PAGE_SIZE },
    }),
  );

export const customerInformationQueryOptions = (driverId: number, index: number) =>
  queryOptions({
    queryKey: driverKeys.customerInformation(driverId, index),
    queryFn: () => getCustomerInformation(driverId, index),
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (query.state.data?.items.some((r) => OPEN.has(r.status)) ? 2000 : false),
  });

export const useCustomerInformation = (driverId: number, index: number) =>
  useQuery(customerInformationQueryOptions(driverId, index));

export const askCustomerInformation = ({
  driverId,
  ...body
}: CustomerInformationBody & { driverId: number }): Promise<CustomerInformationRequest[]> =>
  unwrap(apiClient.post<Ok<CustomerInformationRequest[]>>(API.drivers.customerInformation(driverId), body));

export const useAskCustomerInformation = () =>
  useDriverMutation(askCustomerInformation, (vars) => vars.driverId);
