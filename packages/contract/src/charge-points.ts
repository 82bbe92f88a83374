import { z } from 'zod';
import { CHARGE_POINT_ID_PATTERN, Email, OptionalText, Text, IsoTime } from './common.js';
import { ChargePointState, ChargerFault } from './faults.js';
import { EvsePlug, EvseUid, OcppProtocol } from './evse.js';

export const CONNECTOR_STATUSES = [
  'Available',
  'Preparing',
  'Charging',
  'SuspendedEV',
  'SuspendedEVSE',
  'Finishing',
  'Reserved',
  'Unavailable',
  'Faulted',
  'Unknown',
] as const;
export const ConnectorStatus = z.enum(CONNECTOR_STATUSES);
export type ConnectorStatus = z.infer<typeof ConnectorStatus>;

export const CONNECTION_STATES = ['Connected', 'Disconnected'] as const;
export const REGISTRATION_STATUSES = ['accepted', 'pending', 'rejected'] as const;
export const POWER_UNITS = ['W', 'A'] as const;
export const CONNECTOR_TYPES = [
  'Type1',
  'Type2',
  'CCS1',
  'CCS2',
  'CHAdeMO',
  'GB/T',
  'Tesla',
  'Schuko',
] as const;
/** Spec §4 device filters. Inactive: not archived, but not accepted (pending or rejected). */
export const DEVICE_FILTERS = ['Active', 'Inactive', 'Archived'] as const;

const time = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, { message: 'time.format' });
const optionalNumber = (min: number, max: number) => z.number().min(min).max(max).nullish();

export const ChargePointIdString = z
  .string()
  .trim()
  .regex(CHARGE_POINT_ID_PATTERN, { message: 'chargePoint.idFormat' });

export const ConnectorSummary = z.object({
  id: z.number().int(),
  connectorId: z.number().int(),
  status: z.string(),
  errorCode: z.string().nullable(),
  /** Its current fault: code, the charger's text, vendor code, since when. */
  fault: ChargerFault.nullable(),
  connectorType: z.string().nullable(),
  maximumPower: z.number().nullable(),
  /** The EVSE id a driver or roaming partner sees (e.g. TR*VLT*E000123*1), if set. */
  evseUid: z.string().nullable(),
  archived: z.boolean(),
});

export const ChargePoint = z.object({
  id: z.number().int(),
  chargePointId: z.string(),
  name: z.string(),
  operatorId: z.number().int(),
  operatorName: z.string(),
  registrationStatus: z.enum(REGISTRATION_STATUSES),
  brand: z.string().nullable(),
  model: z.string().nullable(),
  serialNumber: z.string().nullable(),
  firmwareVersion: z.string().nullable(),
  vendor: z.string().nullable(),
  iccid: z.string().nullable(),
  imsi: z.string().nullable(),
  activationDate: z.string().nullable(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
  addressLine1: z.string().nullable(),
  addressLine2: z.string().nullable(),
  countryCode: z.string().nullable(),
  city: z.string().nullable(),
  zipCode: z.string().nullable(),
  contactName: z.string().nullable(),
  contactPhone: z.string().nullable(),
  contactEmail: z.string().nullable(),
  minPower: z.number().nullable(),
  maxPower: z.number().nullable(),
  powerUnit: z.enum(POWER_UNITS),
  openingTime: z.string().nullable(),
  closingTime: z.string().nullable(),
  status: z.string().nullable(),
  errorCode: z.string().nullable(),
  /** The charge point's own fault (connector 0), as a connector's. */
  fault: ChargerFault.nullable(),
  /** Summed up from its connection and connectors (see CHARGE_POINT_STATES). */
  state: ChargePointState,
  connection: z.enum(CONNECTION_STATES),
  lastConnectedAt: z.string().nullable(),
  lastDisconnectedAt: z.string().nullable(),
  lastHeartbeatAt: z.string().nullable(),
  lastBootAt: z.string().nullable(),
  /**
   * The charger's clock minus Voltline's (ms) when its clock was last seen more than a few minutes
   * off, and when that was; null when its clock is right (or never measured). Its sessions are
   * judged by the times Voltline received their messages where the charger's are impossible.
   */
  clockOffsetMs: z.number().nullable(),
  clockOffsetAt: z.string().nullable(),
  hasPassword: z.boolean(),
  /** OCPP 1.6 security edition profile (1, 2 or 3) the charger is held to. */
  securityProfile: z.number().int(),
  /** The OCPP version it last connected with. */
  ocppProtocol: OcppProtocol,
  archived: z.boolean(),
  createdAt: z.string(),
  /** Charging sessions running on it; archiving is refused while there is one. */
  activeSessions: z.number().int(),
  connectors: z.array(ConnectorSummary),
});
export type ChargePoint = z.infer<typeof ChargePoint>;

const fields = {
  name: Text(120),
  operatorId: z.number().int().positive().max(2_147_483_647),
  brand: OptionalText(80),
  model: OptionalText(80),
  serialNumber: OptionalText(80),
  firmwareVersion: OptionalText(50),
  iccid: OptionalText(20),
  imsi: OptionalText(20),
  activationDate: IsoTime.nullish(),
  latitude: optionalNumber(-90, 90),
  longitude: optionalNumber(-180, 180),
  addressLine1: OptionalText(200),
  addressLine2: OptionalText(200),
  countryCode: z.string().trim().length(2).toUpperCase().nullish(),
  city: OptionalText(100),
  zipCode: OptionalText(20),
  contactName: OptionalText(120),
  contactPhone: OptionalText(32),
  contactEmail: Email.nullish(),
  minPower: z.number().int().min(0).max(2_000_000).nullish(),
  maxPower: z.number().int().min(0).max(2_000_000).nullish(),
  powerUnit: z.enum(POWER_UNITS),
  openingTime: time.nullish(),
  closingTime: time.nullish(),
  registrationStatus: z.enum(REGISTRATION_STATUSES).optional(),
};

/**
 * A charger's Basic-auth password as OCPP 1.6's security edition sets it: 16 to 20 bytes. Voltline
 * sends it to chargers hex-encoded (ChangeConfiguration AuthorizationKey).
 */
export const CHARGER_PASSWORD_MIN = 16;
export const CHARGER_PASSWORD_MAX = 20;
export const ChargerPassword = z
  .string()
  .refine((v) => /^[\x21-\x7e]*$/.test(v), { message: 'chargePoint.passwordCharacters' })
  .refine((v) => v.length >= CHARGER_PASSWORD_MIN && v.length <= CHARGER_PASSWORD_MAX, {
    message: 'chargePoint.passwordLength',
  });

export const CreateChargePointBody = z.object({
  chargePointId: ChargePointIdString,
  /** The password the charger ships with; omitted: Voltline generates one. Shown once either way. */
  password: ChargerPassword.optional(),
  ...fields,
  powerUnit: fields.powerUnit.default('W'),
  /** Connectors to create, numbered 1..n. */
  connectorCount: z.number().int().min(0).max(24).default(2),
  connectorType: z.enum(CONNECTOR_TYPES).optional(),
});
export type CreateChargePointBody = z.input<typeof CreateChargePointBody>;

export const UpdateChargePointBody = z
  .object({ id: z.number().int().positive().max(2_147_483_647), ...fields })
  .partial()
  .required({ id: true });
export type UpdateChargePointBody = z.input<typeof UpdateChargePointBody>;

/** `POST portal/ChargePoint/{id}/password`: a chosen password, or none to generate one. */
export const SetChargerPasswordBody = z.object({ password: ChargerPassword.optional() });

/** Returned once when a charge point is created or its password is reset: what the installer types in. */
export const ChargePointCredentials = z.object({
  chargePoint: ChargePoint,
  ocppUrl: z.string(),
  password: z.string(),
});
export type ChargePointCredentials = z.infer<typeof ChargePointCredentials>;

export const ChargePointSort = z.enum(['chargePointId', 'name', 'city', 'createdAt', 'lastHeartbeatAt']);

export const ChargePointFilter = z.object({
  search: z.string().trim().max(100).optional(),
  operatorId: z.number().int().positive().max(2_147_483_647).optional(),
  connection: z.enum(CONNECTION_STATES).optional(),
  /** Charge points with at least one connector in this status. */
  status: ConnectorStatus.optional(),
  /** Charge points whose summed-up state is this one. */
  state: ChargePointState.optional(),
  registrationStatus: z.enum(REGISTRATION_STATUSES).optional(),
  brand: z.string().trim().max(80).optional(),
  model: z.string().trim().max(80).optional(),
  city: z.string().trim().max(100).optional(),
  /** Charge points that last connected with this OCPP version. */
  ocppProtocol: OcppProtocol.optional(),
  sortBy: ChargePointSort.default('chargePointId'),
  sortOrder: z.enum(['asc', 'desc']).default('asc'),
  /** Which list an export covers (the Dynamic calls each have their own path). Default all. */
  list: z.enum(['all', 'active', 'inactive', 'archived']).optional(),
  /** false: leave archived charge points out (those a smart-charging group may take). */
  archived: z.boolean().optional(),
  /** Only these charge points (database ids): a selection's export. */
  ids: z.array(z.number().int().positive().max(2_147_483_647)).max(1000).optional(),
});
export type ChargePointFilter = z.input<typeof ChargePointFilter>;

export const ChargePointLight = z.object({
  id: z.number().int(),
  chargePointId: z.string(),
  name: z.string(),
  operatorId: z.number().int(),
  connection: z.enum(CONNECTION_STATES),
  archived: z.boolean(),
});
export type ChargePointLight = z.infer<typeof ChargePointLight>;

export const Connector = z.object({
  id: z.number().int(),
  chargePointId: z.string(),
  chargePointDbId: z.number().int(),
  connectorId: z.number().int(),
  connectorType: z.string().nullable(),
  /** The EVSE id a driver or roaming partner sees (e.g. TR*VLT*E000123*1), if set. */
  evseUid: z.string().nullable(),
  /** The EVSE's plugs as its charger reports them (OCPP 2.0.1); none for a 1.6 charger. */
  plugs: z.array(EvsePlug),
  maximumPower: z.number().nullable(),
  maximumChargeDuration: z.number().nullable(),
  minimumChargeDuration: z.number().nullable(),
  tariffId: z.number().int().nullable(),
  status: z.string(),
  errorCode: z.string().nullable(),
  info: z.string().nullable(),
  vendorId: z.string().nullable(),
  vendorErrorCode: z.string().nullable(),
  fault: ChargerFault.nullable(),
  statusAt: z.string().nullable(),
  archived: z.boolean(),
  /** The running session on this connector, if any; archiving is refused while there is one. */
  activeSessionId: z.number().int().nullable(),
  /** Whether it has any session (history): such a connector is archived, not deleted. */
  hasSessions: z.boolean(),
  /** The name of its tariff, for those who may not list the tariffs (Finance, CallCenter). */
  tariffName: z.string().nullable(),
});
export type Connector = z.infer<typeof Connector>;

const connectorFields = {
  connectorType: z.enum(CONNECTOR_TYPES).nullish(),
  evseUid: EvseUid.nullish(),
  maximumPower: z.number().int().min(0).max(2_000_000).nullish(),
  maximumChargeDuration: z
    .number()
    .int()
    .min(0)
    .max(7 * 24 * 60)
    .nullish(),
  minimumChargeDuration: z
    .number()
    .int()
    .min(0)
    .max(7 * 24 * 60)
    .nullish(),
  tariffId: z.number().int().positive().max(2_147_483_647).nullish(),
};

export const CreateConnectorBody = z.object({
  chargePointId: z.string().trim().min(1).max(48),
  connectorId: z.number().int().min(1).max(99),
  ...connectorFields,
});
export type CreateConnectorBody = z.input<typeof CreateConnectorBody>;

export const UpdateConnectorBody = z.object({
  id: z.number().int().positive().max(2_147_483_647),
  ...connectorFields,
});
export type UpdateConnectorBody = z.input<typeof UpdateConnectorBody>;

export const ConnectorQuery = z
  .object({
    connectorId: z.coerce.number().int().positive().max(2_147_483_647).optional(),
    /**
     * The charge point's id as its charger sends it (`CP-001`). A number that names no charge
     * point's id is taken as the charge point's number (`chargePointDbId`).
     */
    chargePointId: z.string().trim().min(1).max(48).optional(),
    /** The charge point's number, as in `Connector.chargePointDbId`. */
    chargePointDbId: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  })
  .refine(
    (q) => q.connectorId !== undefined || q.chargePointId !== undefined || q.chargePointDbId !== undefined,
    {
      message: 'connector.queryNeedsId',
    },
  );

export const ChargePointAnalyticsQuery = z.object({
  chargePointId: z.string().trim().min(1).max(48),
  from: IsoTime.optional(),
  to: IsoTime.optional(),
});

export const ChargePointAnalytics = z.object({
  from: z.string(),
  to: z.string(),
  sessions: z.number().int(),
  energyWh: z.number(),
  revenue: z.number(),
  /** Currency of `revenue` (minor units): the one its sessions were billed in, else TRY. */
  currency: z.string(),
  /** Connected share of the range, 0..1, from the connection history. */
  uptime: z.number(),
  byDay: z.array(
    z.object({ day: z.string(), sessions: z.number().int(), energyWh: z.number(), revenue: z.number() }),
  ),
});
export type ChargePointAnalytics = z.infer<typeof ChargePointAnalytics>;

/**
 * Why a charger's connection closed: the charger closed it (WebSocket 1000/1001), it was lost
 * without a close frame (1005/1006), it closed on an error (any other code), or Voltline closed
 * it (the charge point was archived, a new connection replaced it, Voltline stopped or restarted, or the
 * Voltline process holding the socket stopped answering).
 */
export const CloseCause = z.enum([
  'chargerClosed',
  'connectionLost',
  'error',
  'archived',
  'replaced',
  'serverStopped',
  'serverRestarted',
  'nodeLost',
]);
export type CloseCause = z.infer<typeof CloseCause>;

/** A disconnection's close frame: its code, its cause, and the charger's own words, as sent. */
export const CloseFields = {
  closeCode: z.number().int().nullable(),
  closeCause: CloseCause.nullable(),
  closeReason: z.string().nullable(),
};

export const ConnectionEvent = z.object({
  id: z.number().int(),
  event: z.enum(['connected', 'disconnected']),
  at: z.string(),
  remoteAddress: z.string().nullable(),
  /** The stored text (`1000 Charger closing`); `closeCause` says it in words any language can. */
  detail: z.string().nullable(),
  ...CloseFields,
});
export type ConnectionEvent = z.infer<typeof ConnectionEvent>;

export const ChargingProfile = z.object({
  id: z.number().int(),
  connectorId: z.number().int(),
  profileId: z.number().int(),
  stackLevel: z.number().int(),
  purpose: z.string(),
  kind: z.string(),
  chargingRateUnit: z.string(),
  profile: z.record(z.string(), z.unknown()),
  createdAt: z.string(),
});
export type ChargingProfile = z.infer<typeof ChargingProfile>;

export const ConnectorStatusCount = z.object({ status: z.string(), count: z.number().int() });

export const Country = z.object({
  id: z.string(),
  name: z.string(),
  phoneCode: z.string(),
  flag: z.string(),
});
export const City = z.object({
  id: z.string(),
  name: z.string(),
  latitude: z.number().nullable(),
  longitude: z.number().nullable(),
});
export const Brand = z.object({ name: z.string(), models: z.array(z.string()) });
