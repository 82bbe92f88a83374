import type { Ocpp201 } from '@voltline/contract';
import type { ResolvedOptions } from '../options.js';
import type { DeviceModel } from './device-model.js';
import { FIRST_SLOT, NETWORK_SLOTS } from './variables.js';

export type NetworkProfile = Ocpp201.SetNetworkProfileRequest['connectionData'];
type Status = Ocpp201.SetNetworkProfileResponse['status'];

/** The slots of NetworkConfigurationPriority, in the order the station tries them. */
export function prioritySlots(model: DeviceModel): number[] {
  return (model.get('OCPPCommCtrlr', 'NetworkConfigurationPriority') ?? '')
    .split(',')
    .filter((s) => s !== '')
    .map(Number);
}

/** The station's own first connection, as the profile of its first slot. */
export function firstProfile(o: ResolvedOptions): [number, NetworkProfile] {
  return [
    FIRST_SLOT,
    {
      ocppVersion: 'OCPP20',
      ocppTransport: 'JSON',
      ocppCsmsUrl: o.url,
      messageTimeout: Math.ceil(o.callTimeoutMs / 1000),
      securityProfile: o.securityProfile ?? 1,
      ocppInterface: 'Wired0',
    },
  ];
}

/**
 * B09: whether the station takes a NetworkConnectionProfile. Rejected: a slot it does not have or
 * the one it is connected through (the first of its priority), a version or transport it does not
 * speak, a URL that is no WebSocket address (or not wss:// for a TLS profile), and a security
 * profile below the one it runs (A05: a profile is never lowered).
 */
export function checkNetworkProfile(
  model: DeviceModel,
  slot: number,
  profile: NetworkProfile,
  connectedThrough: number | undefined,
): Status {
  const current = model.getInt('SecurityCtrlr', 'SecurityProfile', 1);
  const url = profile.ocppCsmsUrl;
  const ok =
    (NETWORK_SLOTS as readonly number[]).includes(slot) &&
    slot !== connectedThrough &&
    profile.ocppVersion === 'OCPP20' &&
    profile.ocppTransport === 'JSON' &&
    /^wss?:\/\//.test(url) &&
    (profile.securityProfile < 2 || url.startsWith('wss://')) &&
    profile.securityProfile >= current &&
    profile.securityProfile <= 3;
  return ok ? 'Accepted' : 'Rejected';
}
