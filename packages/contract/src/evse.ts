import { z } from 'zod';

/**
 * The OCPP versions a charger may connect with (its WebSocket subprotocol). A detail of the charge
 * point: staff see which one it speaks, but sessions, bills and screens are the same for both.
 */
export const OCPP_PROTOCOLS = ['ocpp1.6', 'ocpp2.0.1'] as const;
export const OcppProtocol = z.enum(OCPP_PROTOCOLS);
export type OcppProtocol = z.infer<typeof OcppProtocol>;

/**
 * What a charger's protocol lets Voltline do beyond what every charger does, named by the
 * capability: the server and the portal ask for the capability, never for a version.
 * `deviceModel`: the charger reports components and variables (its configuration is a device
 * model); else its configuration is a list of keys. `networkProfiles`: see setsNetworkProfiles.
 * `transactionStatus`: the charger can be asked whether a transaction still runs there and has
 * messages queued (E14 GetTransactionStatus). `iso15118Certificates`: the charger keeps ISO 15118
 * (Plug & Charge) certificates, V2G and mobility-operator roots and its V2G chain (M03–M05).
 */
export const PROTOCOL_CAPABILITIES: Record<
  OcppProtocol,
  {
    deviceModel: boolean;
    networkProfiles: boolean;
    transactionStatus: boolean;
    iso15118Certificates: boolean;
  }
> = {
  'ocpp1.6': {
    deviceModel: false,
    networkProfiles: false,
    transactionStatus: false,
    iso15118Certificates: false,
  },
  'ocpp2.0.1': {
    deviceModel: true,
    networkProfiles: true,
    transactionStatus: true,
    iso15118Certificates: true,
  },
};

/** Whether a charger of this protocol keeps ISO 15118 certificates (a protocol not named: 1.6). */
export function keepsIso15118Certificates(protocol: string | undefined): boolean {
  return PROTOCOL_CAPABILITIES[protocol as OcppProtocol]?.iso15118Certificates ?? false;
}

/**
 * Whether a charger of this protocol keeps network connection profiles in slots that Voltline may
 * set and prioritise (B09, B10); else its connection is its own business (a protocol not named: a
 * 1.6 charger).
 */
export function setsNetworkProfiles(protocol: string | undefined): boolean {
  return PROTOCOL_CAPABILITIES[protocol as OcppProtocol]?.networkProfiles ?? false;
}

/** Whether a charger of this protocol can be asked of a transaction's status (a protocol not named: 1.6). */
export function asksTransactionStatus(protocol: string | undefined): boolean {
  return PROTOCOL_CAPABILITIES[protocol as OcppProtocol]?.transactionStatus ?? false;
}

/** Whether a charger of this protocol reports a device model (a protocol not named: a 1.6 charger). */
export function reportsDeviceModel(protocol: string | undefined): boolean {
  return PROTOCOL_CAPABILITIES[protocol as OcppProtocol]?.deviceModel ?? false;
}

/** The statuses an OCPP 2.0.1 charger reports for one plug of an EVSE (ConnectorStatusEnumType). */
export const PLUG_STATUSES = ['Available', 'Occupied', 'Reserved', 'Unavailable', 'Faulted'] as const;
export type PlugStatus = (typeof PLUG_STATUSES)[number];

/**
 * One plug of an EVSE as its charger last reported it. A Voltline connector is an EVSE (it charges
 * one vehicle at a time); a 2.0.1 charger lists its plugs, a 1.6 charger's connector has none listed.
 */
export const EvsePlug = z.object({
  /** The plug's number within its EVSE, 1..n. */
  connectorId: z.number().int(),
  /** As reported (see PLUG_STATUSES); kept as text so a status the portal does not know still shows. */
  status: z.string(),
  statusAt: z.string(),
});
export type EvsePlug = z.infer<typeof EvsePlug>;

export const EVSE_UID_MAX = 48;
/**
 * The eMI3 / ISO 15118 EVSE id a driver or roaming partner sees: country code, operator id and
 * `E` then the operator's own id, the parts optionally separated by `*` (`TR*VLT*E000123*1`).
 */
export const EVSE_UID_PATTERN = /^[A-Za-z]{2}\*?[A-Za-z0-9]{3}\*?[Ee][A-Za-z0-9*]+$/;

/** An EVSE id as staff enter it; empty text clears it. */
export const EvseUid = z
  .string()
  .trim()
  .max(EVSE_UID_MAX, { message: 'connector.evseUidLength' })
  .refine((v) => v === '' || EVSE_UID_PATTERN.test(v), { message: 'connector.evseUidFormat' })
  .transform((v) => (v === '' ? null : v));
