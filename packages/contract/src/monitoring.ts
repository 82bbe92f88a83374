import { z } from 'zod';
import { ComponentRef, VariableRef } from './device-model.js';

/** OCPP 2.0.1 MonitorEnumType: what makes a monitor raise an event (N04). */
export const MONITOR_TYPES = [
  'UpperThreshold',
  'LowerThreshold',
  'Delta',
  'Periodic',
  'PeriodicClockAligned',
] as const;
export const MonitorType = z.enum(MONITOR_TYPES);
export type MonitorType = z.infer<typeof MonitorType>;

/** OCPP 2.0.1 MonitoringBaseEnumType (N03). */
export const MONITORING_BASES = ['All', 'FactoryDefault', 'HardWiredOnly'] as const;
export type MonitoringBase = (typeof MONITORING_BASES)[number];

/** OCPP 2.0.1 MonitoringCriterionEnumType (N02). */
export const MONITORING_CRITERIA = ['ThresholdMonitoring', 'DeltaMonitoring', 'PeriodicMonitoring'] as const;

/**
 * Who set a monitor: Voltline (SetVariableMonitoring, a custom monitor) or the charger itself (a
 * preconfigured or hard-wired one, as its report or its events tell).
 */
export const MONITOR_ORIGINS = ['custom', 'charger'] as const;
export type MonitorOrigin = (typeof MONITOR_ORIGINS)[number];

/** One monitor a charger holds, as it last reported it (NotifyMonitoringReport) or accepted it. */
export const VariableMonitor = z.object({
  /** The charger's id of the monitor. */
  id: z.number().int(),
  component: z.string(),
  componentInstance: z.string().nullable(),
  evseId: z.number().int().nullable(),
  connectorId: z.number().int().nullable(),
  variable: z.string(),
  variableInstance: z.string().nullable(),
  type: MonitorType,
  value: z.number(),
  /** 0 danger … 9 debug. */
  severity: z.number().int(),
  /** Active only while a transaction runs on the component. */
  transaction: z.boolean(),
  origin: z.enum(MONITOR_ORIGINS),
  reportedAt: z.string(),
});
export type VariableMonitor = z.infer<typeof VariableMonitor>;

/** GET portal/ChargePoint/{id}/monitors. */
export const MonitorList = z.object({
  monitors: z.array(VariableMonitor),
  /** The base and level Voltline last had the charger accept; null before any. */
  base: z.enum(MONITORING_BASES).nullable(),
  level: z.number().int().nullable(),
  /** When the last whole report was stored; null before any. */
  reportedAt: z.string().nullable(),
  /** A report asked for whose last part has not arrived yet. */
  awaitingReport: z.boolean(),
});
export type MonitorList = z.infer<typeof MonitorList>;

/** POST portal/ChargePoint/{id}/monitors: one monitor (N04); `id` replaces the charger's monitor of that id. */
export const SetMonitorBody = z
  .object({
    id: z.number().int().min(0).optional(),
    component: ComponentRef,
    variable: VariableRef,
    type: MonitorType,
    /** The threshold, the delta, or the period in seconds. */
    value: z.number().finite(),
    severity: z.number().int().min(0).max(9),
    transaction: z.boolean().default(false),
  })
  .refine((b) => !b.type.startsWith('Periodic') || b.value > 0, {
    path: ['value'],
    message: 'monitoring.periodPositive',
  })
  .refine((b) => b.type !== 'Delta' || b.value >= 0, {
    path: ['value'],
    message: 'monitoring.deltaNegative',
  });
export type SetMonitorBody = z.input<typeof SetMonitorBody>;

/** The charger's answer for one monitor (set or clear): Accepted or its refusal, with its reason. */
export const MonitorAnswer = z.object({
  id: z.number().int().nullable(),
  status: z.string(),
  reason: z.string().nullable(),
});
export type MonitorAnswer = z.infer<typeof MonitorAnswer>;

/** POST …/monitors/report (N02): monitors meeting the criteria and/or of the components named; none is all. */
export const MonitorReportBody = z.object({
  criteria: z.array(z.enum(MONITORING_CRITERIA)).max(3).default([]),
  components: z
    .array(
      z.object({
        name: z.string().trim().min(1).max(50),
        variable: z.string().trim().min(1).max(50).optional(),
      }),
    )
    .max(50)
    .default([]),
});
export type MonitorReportBody = z.input<typeof MonitorReportBody>;

export const MonitorReportAnswer = z.object({
  requestId: z.number().int(),
  status: z.string(),
  reason: z.string().nullable(),
});
export type MonitorReportAnswer = z.infer<typeof MonitorReportAnswer>;

/** PUT …/monitoring: the monitoring base (N03) and/or the level of events reported (N05). */
export const MonitoringSettingsBody = z
  .object({
    base: z.enum(MONITORING_BASES).optional(),
    level: z.number().int().min(0).max(9).optional(),
  })
  .refine((b) => b.base !== undefined || b.level !== undefined, {
    path: ['base'],
    message: 'monitoring.settingsEmpty',
  });
export type MonitoringSettingsBody = z.input<typeof MonitoringSettingsBody>;

const Answer = z.object({ status: z.string(), reason: z.string().nullable() });
export const MonitoringSettingsAnswer = z.object({ base: Answer.nullable(), level: Answer.nullable() });
export type MonitoringSettingsAnswer = z.infer<typeof MonitoringSettingsAnswer>;

/** The monitor that raised an event (N07/N08), as Voltline last knew it; null when unknown. */
export const EventMonitor = z.object({
  id: z.number().int(),
  type: MonitorType,
  value: z.number(),
  severity: z.number().int(),
});
export type EventMonitor = z.infer<typeof EventMonitor>;
