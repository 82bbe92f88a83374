import { keepPreviousData, useQuery } from '@tanstack/react-query';
import {
  FIRMWARE_API,
  MAX_PAGE_SIZE,
  PAGE_SIZE,
  type DeviceFirmware,
  type DeviceFirmwareFilter,
  type Ok,
  type Page,
} from '@voltline/contract';
import { firmwareKeys } from '../../../api/firmware/keys';
import { apiClient, unwrap } from '../../../lib/api-client';

export const getDeviceFirmware = (
  index: number,
  filter: DeviceFirmwareFilter,
  size: number = PAGE_SIZE,
): Promise<Page<DeviceFirmware>> =>
  unwrap(apiClient.post<Ok<Page<DeviceFirmware>>>(FIRMWARE_API.devices, filter, { params: { index, size } }));

/** Chargers with their firmware, a page at a time (device firmware screen and charger picker). */
export const useDeviceFirmware = (index: number, filter: DeviceFirmwareFilter, poll?: number) =>
  useQuery({
    queryKey: firmwareKeys.devices(index, filter),
    queryFn: () => getDeviceFirmware(index, filter),
    placeholderData: keepPreviousData,
    refetchInterval: poll,
  });

/** Every charger matching the filter ("select all matching"), read in pages of the largest size. */
export async function getAllDeviceIds(filter: DeviceFirmwareFilter, limit = 10_000): Promise<string[]> {
  const ids: string[] = [];
  for (let index = 0; ids.length < limit; index += 1) {
    const page = await getDeviceFirmware(index, filter, MAX_PAGE_SIZE);
    ids.push(...page.items.map((d) => d.chargePointId));
    if (page.items.length < MAX_PAGE_SIZE || ids.length >= page.total) break;
  }
  return ids.slice(0, limit);
}
