import { z } from 'zod';
import { Id, IsoTime, PageQuery } from './common.js';

/**
 * Alerts of the operations console (issue #33): rules per operator raise alerts, grouped (one
 * alert holds every charger the condition caught), acknowledged, assigned, commented, resolved by
 * hand or cleared by themselves, each step kept in the alert's history. Their paths (ALERTS_API)
 * are in alerts-api.ts, which the portal's header imports without these schemas.
 */

/** What a rule watches. Only `charger_offline` today; the rest of issue #33 adds kinds. */
export const ALERT_KINDS = ['charger_offline'] as const;
export type AlertKind = (typeof ALERT_KINDS)[number];
export const ALERT_STATES = ['open', 'acknowledged', 'resolved'] as const;
export type AlertState = (typeof ALERT_STATES)[number];
export const ALERT_ACTIONS = [
  'raised',
  'subjectAdded',
  'acknowledged',
  'assigned',
  'commented',
  'resolved',
  'cleared',
  'notified',
] as const;
export type AlertAction = (typeof ALERT_ACTIONS)[number];

/** A local time of day, `HH:MM` in the operator's time zone. */
const QuietTime = z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/, { message: 'validation.timeOfDay' });

export const AlertListQuery = PageQuery.extend({
  state: z.enum(ALERT_STATES).optional(),
  operatorId: Id.optional(),
  /** A charger's OCPP identity: the alerts that hold it. */
  chargePointId: z.string().trim().min(1).max(48).optional(),
  kind: z.enum(ALERT_KINDS).optional(),
});
export type AlertListQuery = z.input<typeof AlertListQuery>;

export const AlertSubject = z.object({
  chargePointId: z.string(),
  chargePointName: z.string(),
  /** Offline since. */
  since: IsoTime,
  /** Back online at; null while still offline. */
  clearedAt: IsoTime.nullable(),
});
export type AlertSubject = z.infer<typeof AlertSubject>;

export const AlertHistoryEntry = z.object({
  id: z.number().int(),
  at: IsoTime,
  action: z.enum(ALERT_ACTIONS),
  userId: z.number().int().nullable(),
  userName: z.string().nullable(),
  comment: z.string().nullable(),
});
export type AlertHistoryEntry = z.infer<typeof AlertHistoryEntry>;

export const Alert = z.object({
  id: z.number().int(),
  operatorId: z.number().int(),
  operatorName: z.string(),
  ruleId: z.number().int(),
  kind: z.enum(ALERT_KINDS),
  state: z.enum(ALERT_STATES),
  raisedAt: IsoTime,
  acknowledgedAt: IsoTime.nullable(),
  acknowledgedBy: z.number().int().nullable(),
  assignedTo: z.number().int().nullable(),
  assignedToName: z.string().nullable(),
  resolvedAt: IsoTime.nullable(),
  /** Null with resolution `cleared`: it cleared by itself. */
  resolvedBy: z.number().int().nullable(),
  resolution: z.enum(['cleared', 'manual']).nullable(),
  /** How many chargers it holds. */
  subjectCount: z.number().int(),
});
export type Alert = z.infer<typeof Alert>;

export const AlertDetail = Alert.extend({
  subjects: z.array(AlertSubject),
  history: z.array(AlertHistoryEntry),
});
export type AlertDetail = z.infer<typeof AlertDetail>;

export const AlertCount = z.object({ open: z.number().int(), acknowledged: z.number().int() });
export type AlertCount = z.infer<typeof AlertCount>;

export const AlertAssignBody = z.object({ userId: Id });
export type AlertAssignBody = z.input<typeof AlertAssignBody>;

export const AlertCommentBody = z.object({
  comment: z.string().trim().min(1, { message: 'alert.commentEmpty' }).max(2000),
});
export type AlertCommentBody = z.input<typeof AlertCommentBody>;

export const AlertResolveBody = z.object({ comment: z.string().trim().max(2000).nullish() });
export type AlertResolveBody = z.input<typeof AlertResolveBody>;

export const AlertRule = z.object({
  id: z.number().int(),
  operatorId: z.number().int(),
  operatorName: z.string(),
  kind: z.enum(ALERT_KINDS),
  enabled: z.boolean(),
  raiseAfterSeconds: z.number().int(),
  clearAfterSeconds: z.number().int(),
  /** Who is mailed; empty: the operator's users who may read alerts. */
  recipientUserIds: z.array(z.number().int()),
  quietStart: z.string().nullable(),
  quietEnd: z.string().nullable(),
  updatedAt: IsoTime,
});
export type AlertRule = z.infer<typeof AlertRule>;

/** Delays from one minute to a day. */
const Delay = z
  .number({ message: 'alert.delayRange' })
  .int({ message: 'alert.delayRange' })
  .min(60, { message: 'alert.delayRange' })
  .max(86_400, { message: 'alert.delayRange' });

export const AlertRuleUpdate = z
  .object({
    enabled: z.boolean().optional(),
    raiseAfterSeconds: Delay.optional(),
    clearAfterSeconds: Delay.optional(),
    recipientUserIds: z.array(Id).max(50).optional(),
    quietStart: QuietTime.nullish(),
    quietEnd: QuietTime.nullish(),
  })
  // Quiet hours are a start and an end, or neither.
  .refine((v) => (v.quietStart == null) === (v.quietEnd == null), {
    message: 'alert.quietBoth',
    path: ['quietEnd'],
  });
export type AlertRuleUpdate = z.input<typeof AlertRuleUpdate>;
