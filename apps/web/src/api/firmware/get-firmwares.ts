import { queryOptions, useQuery } from '@tanstack/react-query';
import { FIRMWARE_API, type Firmware, type Ok } from '@voltline/contract';
import { useCan } from '../../hooks/use-permission';
import { apiClient, unwrap } from '../../lib/api-client';
import { firmwareKeys } from './keys';

/** Every stored firmware image in the user's reach, newest first (spec: GET portal/Ftp/GetFirmwares). */
export const getFirmwares = (): Promise<Firmware[]> =>
  unwrap(apiClient.get<Ok<Firmware[]>>(FIRMWARE_API.list));

export const firmwaresQueryOptions = () =>
  queryOptions({ queryKey: firmwareKeys.images(), queryFn: getFirmwares });

/** Asked only with firmware:read, so a role without it sends no request. */
export const useFirmwares = (enabled = true) => {
  const allowed = useCan('firmware:read');
  return useQuery({ ...firmwaresQueryOptions(), enabled: allowed && enabled });
};
