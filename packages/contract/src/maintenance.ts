import { z } from 'zod';
import { ChargePointIdString } from './charge-points.js';
import { IsoTime } from './common.js';

/**
 * Maintenance logs (spec §7 Logs): a charger's maintenance history. `auto` entries are recorded
 * from what the charger reports (faults and their clearing, reboots, firmware and diagnostics
 * events, availability changes); `manual` entries are written by technicians. Read with
 * `logs:read`, written with `logs:write`; only manual entries can be changed or deleted.
 */
export const MAINTENANCE_SOURCES = ['auto', 'manual'] as const;
export type MaintenanceSource = (typeof MAINTENANCE_SOURCES)[number];

export const MAINTENANCE_AUTO_TYPES = [
  'fault',
  'faultCleared',
  'reboot',
  'firmware',
  'diagnostics',
  'availability',
] as const;
export const MAINTENANCE_MANUAL_TYPES = [
  'inspection',
  'repair',
  'partReplacement',
  'cleaning',
  'softwareUpdate',
  'plannedMaintenance',
  'other',
] as const;
export const MAINTENANCE_TYPES = [...MAINTENANCE_AUTO_TYPES, ...MAINTENANCE_MANUAL_TYPES] as const;
export type MaintenanceType = (typeof MAINTENANCE_TYPES)[number];
export type ManualMaintenanceType = (typeof MAINTENANCE_MANUAL_TYPES)[number];

/**
 * What an automatic entry recorded, as the charger said it: a fault's OCPP error code with the
 * charger's note and manufacturer code, a status (connector, firmware or diagnostics status), the
 * firmware version a reboot came up with, or the availability a command asked for.
 */
export const MaintenanceDetails = z.object({
  errorCode: z.string().nullish(),
  info: z.string().nullish(),
  /** Whose vendorErrorCode it is (StatusNotification vendorId). */
  vendorId: z.string().nullish(),
  vendorErrorCode: z.string().nullish(),
  status: z.string().nullish(),
  previousStatus: z.string().nullish(),
  firmwareVersion: z.string().nullish(),
  previousFirmwareVersion: z.string().nullish(),
  firmwareChanged: z.boolean().nullish(),
  /** ChangeAvailability: Operative or Inoperative, and the charger's answer (Accepted, Scheduled). */
  requested: z.string().nullish(),
  answer: z.string().nullish(),
});
export type MaintenanceDetails = z.infer<typeof MaintenanceDetails>;

export const MaintenanceLog = z.object({
  id: z.number().int(),
  /** The charge point's OCPP identity, and its record number. */
  chargePointId: z.string(),
  chargePointDbId: z.number().int(),
  chargePointName: z.string(),
  /** The charge point's operator when the entry was made. */
  operatorId: z.number().int(),
  operatorName: z.string(),
  /** null: the whole charge point; 0 is the charge point as OCPP names it. */
  connectorId: z.number().int().nullable(),
  source: z.enum(MAINTENANCE_SOURCES),
  type: z.enum(MAINTENANCE_TYPES),
  description: z.string().nullable(),
  details: MaintenanceDetails,
  technician: z.string().nullable(),
  startedAt: z.string(),
  endedAt: z.string().nullable(),
  createdBy: z.number().int().nullable(),
  createdByName: z.string().nullable(),
  createdAt: z.string(),
});
export type MaintenanceLog = z.infer<typeof MaintenanceLog>;

const RecordId = z.number().int().positive().max(2_147_483_647);

/** The network list's filter (`POST messageTrace/MaintenanceLogs?index&size`) and its Excel. */
export const MaintenanceLogFilter = z.object({
  chargePointId: z.string().trim().max(48).optional(),
  operatorId: RecordId.optional(),
  source: z.enum(MAINTENANCE_SOURCES).optional(),
  type: z.enum(MAINTENANCE_TYPES).optional(),
  from: IsoTime.optional(),
  to: IsoTime.optional(),
  search: z.string().trim().max(100).optional(),
});
export type MaintenanceLogFilter = z.input<typeof MaintenanceLogFilter>;

/** `GET messageTrace/MaintenanceLogs?ChargePointId&index&size`: one charger's entries. */
export const ChargerMaintenanceQuery = z.object({
  ChargePointId: z.string().trim().min(1).max(48),
  index: z.coerce.number().int().min(0).default(0),
  size: z.coerce.number().int().min(1).max(100).default(10),
});

const entryFields = {
  /** Left out: the whole charge point. */
  connectorId: z.number().int().min(0).max(99).nullish(),
  type: z.enum(MAINTENANCE_MANUAL_TYPES),
  description: z.string().trim().min(1).max(2000),
  technician: z.string().trim().min(1).max(200),
  startedAt: IsoTime,
  /** Left out while the work is still going on. */
  endedAt: IsoTime.nullish(),
};

const endAfterStart = (v: { startedAt: string; endedAt?: string | null }) =>
  !v.endedAt || Date.parse(v.endedAt) > Date.parse(v.startedAt);
const endRule = { message: 'maintenance.endBeforeStart', path: ['endedAt'] };

/** A technician's entry. */
export const NewMaintenanceLog = z
  .object({ chargePointId: ChargePointIdString, ...entryFields })
  .refine(endAfterStart, endRule);
export type NewMaintenanceLog = z.input<typeof NewMaintenanceLog>;

/** A technician's entry changed (its charge point stays). */
export const MaintenanceLogUpdate = z.object(entryFields).refine(endAfterStart, endRule);
export type MaintenanceLogUpdate = z.input<typeof MaintenanceLogUpdate>;

export const MAINTENANCE_API = {
  /** GET ?ChargePointId&index&size (one charger); POST filter ?index&size (the network). */
  list: 'messageTrace/MaintenanceLogs',
  /** POST filter: the same list as .xlsx. */
  excel: 'messageTrace/MaintenanceLogs/MaintenanceLogsExcel',
  /** POST NewMaintenanceLog. */
  add: 'messageTrace/MaintenanceLogs/add',
  /** PUT MaintenanceLogUpdate, DELETE: manual entries only. */
  byId: (id: number | string) => `messageTrace/MaintenanceLogs/${id}`,
} as const;
