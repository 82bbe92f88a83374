import { NETWORK_SLOT_MAX, type NetworkProfileBody, type OcppInterface } from '@voltline/contract';

/** The network profile form's fields (B09). */
export interface NetworkProfileValues {
  configurationSlot: number;
  ocppCsmsUrl: string;
  messageTimeout: number;
  securityProfile: 1 | 2 | 3;
  ocppInterface: OcppInterface;
}

/** Voltline's endpoint for a profile: TLS (wss://) from profile 2 on, as the charger must connect. */
export function endpointFor(csmsUrl: string, securityProfile: number): string {
  return securityProfile >= 2 ? csmsUrl.replace(/^ws:/, 'wss:') : csmsUrl;
}

/** The form's values as the API takes them: an OCPP 2.0 profile over JSON WebSockets. */
export function toBody(v: NetworkProfileValues): NetworkProfileBody {
  return {
    configurationSlot: v.configurationSlot,
    ocppVersion: 'OCPP20',
    ocppTransport: 'JSON',
    ocppCsmsUrl: v.ocppCsmsUrl.trim(),
    messageTimeout: v.messageTimeout,
    securityProfile: v.securityProfile,
    ocppInterface: v.ocppInterface,
  };
}

/**
 * A priority as staff type it ("2, 1"): slots in order, each once, 0 to NETWORK_SLOT_MAX. Null when
 * it is empty or not such a list.
 */
export function parsePriority(text: string): number[] | null {
  const parts = text.split(',').map((p) => p.trim());
  if (parts.length === 0 || parts.some((p) => !/^\d{1,2}$/.test(p))) return null;
  const slots = parts.map(Number);
  if (slots.some((s) => s > NETWORK_SLOT_MAX) || new Set(slots).size !== slots.length) return null;
  return slots;
}
