import { z } from 'zod';

/** NetworkConnectionProfile's interfaces (OCPPInterfaceEnumType). */
export const OCPP_INTERFACES = [
  'Wired0',
  'Wired1',
  'Wired2',
  'Wired3',
  'Wireless0',
  'Wireless1',
  'Wireless2',
  'Wireless3',
] as const;
export type OcppInterface = (typeof OCPP_INTERFACES)[number];

/** The most configuration slots Voltline addresses (a charger lists its own in NetworkConfigurationPriority). */
export const NETWORK_SLOT_MAX = 99;
const slot = z.number().int().min(0).max(NETWORK_SLOT_MAX);

/**
 * B09: a NetworkConnectionProfile for one configuration slot of an OCPP 2.0.1 charger. Voltline's
 * chargers speak OCPP 2.0 over JSON WebSockets, so those two fields are fixed; the URL is the CSMS
 * endpoint without the charger's identity (ws:// for profile 1, wss:// for 2 and 3).
 */
export const NetworkProfileBody = z
  .object({
    configurationSlot: slot,
    ocppVersion: z.literal('OCPP20').default('OCPP20'),
    ocppTransport: z.literal('JSON').default('JSON'),
    ocppCsmsUrl: z
      .string()
      .trim()
      .min(1)
      .max(512)
      .refine((v) => /^wss?:\/\/[^\s/]+(\/\S*)?$/.test(v), { message: 'networkProfile.url' }),
    messageTimeout: z.number().int().min(1).max(3600),
    securityProfile: z.union([z.literal(1), z.literal(2), z.literal(3)]),
    ocppInterface: z.enum(OCPP_INTERFACES),
  })
  .refine((b) => b.securityProfile < 2 || b.ocppCsmsUrl.startsWith('wss://'), {
    message: 'networkProfile.tlsUrl',
    path: ['ocppCsmsUrl'],
  });
export type NetworkProfileBody = z.infer<typeof NetworkProfileBody>;

/** B09's answer: the charger's word (Accepted, Rejected, Failed). */
export const NetworkProfileAnswer = z.object({ status: z.string() });
export type NetworkProfileAnswer = z.infer<typeof NetworkProfileAnswer>;

/**
 * B10: the slots in the order the charger tries them (OCPPCommCtrlr.NetworkConfigurationPriority),
 * then a Reset (OnIdle) so it reconnects through the first one.
 */
export const NetworkPriorityBody = z.object({
  priority: z
    .array(slot)
    .min(1)
    .max(10)
    .refine((p) => new Set(p).size === p.length, { message: 'networkProfile.prioritySlots' }),
});
export type NetworkPriorityBody = z.infer<typeof NetworkPriorityBody>;

/** B10's answer: the charger's word on the priority, and on the reset (null when none was sent). */
export const NetworkPriorityAnswer = z.object({ status: z.string(), reset: z.string().nullable() });
export type NetworkPriorityAnswer = z.infer<typeof NetworkPriorityAnswer>;
