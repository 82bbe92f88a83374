import type { DeviceFirmwareFilter } from '@voltline/contract';

/** Query keys of firmware: images, campaigns and chargers' firmware; changes invalidate `all`. */
export const firmwareKeys = {
  all: ['firmware'] as const,
  images: () => [...firmwareKeys.all, 'images'] as const,
  campaigns: (index: number) => [...firmwareKeys.all, 'campaigns', index] as const,
  campaign: (id: number) => [...firmwareKeys.all, 'campaign', id] as const,
  devices: (index: number, filter: DeviceFirmwareFilter) =>
    [...firmwareKeys.all, 'devices', index, filter] as const,
};

/** A running campaign changes on the chargers' side; its screens ask again this often. */
export const CAMPAIGN_POLL_MS = 3000;
