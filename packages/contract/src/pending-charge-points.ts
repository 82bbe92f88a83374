import { z } from 'zod';
import { Id, IsoTime, Text } from './common.js';

/**
 * A charger that connected with an id no operator has (`GET portal/ChargePoint/Pending`): held at
 * the installation level until an Admin approves it into an operator or deletes it. Vendor, model,
 * serial and firmware come from its BootNotification, when it got that far.
 */
export const PendingChargePoint = z.object({
  id: z.number().int(),
  chargePointId: z.string(),
  remoteAddress: z.string().nullable(),
  vendor: z.string().nullable(),
  model: z.string().nullable(),
  serialNumber: z.string().nullable(),
  firmwareVersion: z.string().nullable(),
  firstSeenAt: IsoTime,
  lastSeenAt: IsoTime,
  attempts: z.number().int(),
  /**
   * Whether its first attempt presented a Basic-auth password, which approval keeps. Without one,
   * the approved charge point has none (anyone may connect as it) until one is set.
   */
  hasPassword: z.boolean(),
});
export type PendingChargePoint = z.infer<typeof PendingChargePoint>;

export const PendingChargePointList = z.object({
  items: z.array(PendingChargePoint),
  /** All pending chargers; `items` holds the newest 500. */
  total: z.number().int(),
});
export type PendingChargePointList = z.infer<typeof PendingChargePointList>;

/** `POST portal/ChargePoint/Pending/Approve`: which pending charger, the operator it joins, and optionally its name. */
export const ApprovePendingChargePointBody = z.object({
  id: Id,
  operatorId: Id,
  name: Text(120).optional(),
});
export type ApprovePendingChargePointBody = z.input<typeof ApprovePendingChargePointBody>;

/** `POST portal/ChargePoint/Pending/Reject`: deletes the pending charger (it is pending again if it connects again). */
export const RejectPendingChargePointBody = z.object({ id: Id });
export type RejectPendingChargePointBody = z.input<typeof RejectPendingChargePointBody>;
