import { z } from 'zod';
import { IsoTime } from './common.js';

/**
 * Uptime as regulators count it (US NEVI rule, 23 CFR 680.116(b)): a connector is up when its
 * charger is online and the connector is available or in use; it is down while the charger is
 * offline or the connector reports Faulted or Unavailable. Downtime staff excluded (a grid outage,
 * vandalism, a natural disaster, planned maintenance, and the maintenance log's planned
 * maintenance entries) does not count against it:
 * uptime % = (minutes − (outage − excluded)) ÷ minutes × 100.
 */
export const UPTIME_API = {
  report: 'portal/uptime/report',
  excel: 'portal/uptime/report/excel',
  pdf: 'portal/uptime/report/pdf',
  chargePoint: (id: number | string) => `portal/ChargePoint/${id}/uptime`,
  exclusions: (id: number | string) => `portal/ChargePoint/${id}/uptime-exclusions`,
  exclusion: (id: number | string) => `portal/uptime-exclusions/${id}`,
} as const;

/** Where a report paints a connector red when no operator target says otherwise. */
export const DEFAULT_UPTIME_TARGET = 97;

export const UPTIME_EXCLUSION_REASONS = [
  'planned_maintenance',
  'grid_outage',
  'vandalism',
  'natural_disaster',
  'other',
] as const;
export type UptimeExclusionReason = (typeof UPTIME_EXCLUSION_REASONS)[number];

export const UptimeExclusion = z.object({
  id: z.number().int(),
  /** Null: the whole charge point. */
  connectorId: z.number().int().nullable(),
  reason: z.enum(UPTIME_EXCLUSION_REASONS),
  note: z.string().nullable(),
  startsAt: z.string(),
  endsAt: z.string(),
  createdAt: z.string(),
});
export type UptimeExclusion = z.infer<typeof UptimeExclusion>;

export const NewUptimeExclusion = z
  .object({
    /** Left out: the whole charge point. */
    connectorId: z.number().int().min(1).max(99).nullish(),
    reason: z.enum(UPTIME_EXCLUSION_REASONS),
    /** Required for `other`: what happened. */
    note: z.string().trim().max(500).nullish(),
    startsAt: IsoTime,
    endsAt: IsoTime,
  })
  .refine((v) => Date.parse(v.endsAt) > Date.parse(v.startsAt), {
    message: 'uptime.endBeforeStart',
    path: ['endsAt'],
  })
  .refine((v) => v.reason !== 'other' || !!v.note, { message: 'uptime.noteRequired', path: ['note'] });
export type NewUptimeExclusion = z.input<typeof NewUptimeExclusion>;

/** Minutes of a span, its outage, the part of the outage excluded, and the uptime in percent. */
export const UptimeFigures = z.object({
  minutes: z.number(),
  outageMinutes: z.number(),
  excludedMinutes: z.number(),
  /** Percent, 0–100; null when the span is empty (the charge point did not exist yet). */
  uptime: z.number().nullable(),
});
export type UptimeFigures = z.infer<typeof UptimeFigures>;

export const ConnectorUptime = UptimeFigures.extend({ connectorId: z.number().int() });
export type ConnectorUptime = z.infer<typeof ConnectorUptime>;

export const ChargePointUptime = UptimeFigures.extend({
  id: z.number().int(),
  chargePointId: z.string(),
  name: z.string(),
  connectors: z.array(ConnectorUptime),
});
export type ChargePointUptime = z.infer<typeof ChargePointUptime>;

export const UptimeRangeQuery = z
  .object({ from: IsoTime, to: IsoTime })
  .refine((q) => Date.parse(q.to) > Date.parse(q.from), { message: 'uptime.endBeforeStart', path: ['to'] })
  .refine((q) => Date.parse(q.to) - Date.parse(q.from) <= 3660 * 86_400_000, {
    message: 'validation.rangeTooLong',
    path: ['to'],
  });

export const UptimeReportQuery = z.object({
  /** Left out: the user's own operator. */
  operatorId: z.coerce.number().int().positive().max(2_147_483_647).optional(),
  /** The month in the operator's time zone, YYYY-MM. */
  month: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, { message: 'uptime.badMonth' }),
});
export type UptimeReportQuery = z.input<typeof UptimeReportQuery>;

export const UptimeReport = z.object({
  operatorId: z.number().int(),
  operatorName: z.string(),
  month: z.string(),
  timeZone: z.string(),
  from: z.string(),
  to: z.string(),
  /** Percent under which a connector is short of the target. */
  target: z.number(),
  chargePoints: z.array(ChargePointUptime),
  total: UptimeFigures,
});
export type UptimeReport = z.infer<typeof UptimeReport>;
