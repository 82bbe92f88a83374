import { z } from 'zod';
import { IsoDate } from './common.js';

/**
 * Data-protection requests about a driver (OCPP 2.0.1 N09/N10 CustomerInformation): staff ask one
 * charger, or every connected charger of the driver's operator and the operators below it, what
 * it holds about each of the driver's cards (`report`), and/or have it forget them (`clear`).
 * Asked with `drivers:write`, read with `drivers:read`.
 *
 * States:
 * - `sent`: the charger has not answered yet.
 * - `Accepted`: the charger accepted; with `report`, its data follows (`reporting` until complete).
 * - `reporting`: NotifyCustomerInformation parts are arriving.
 * - `completed`: the charger's data is in (`data`); with `clear` only, the charger accepted.
 * - `Rejected`, `Invalid`: the charger's refusal.
 * - `notSupported`: the charger speaks OCPP 1.6, which has no such request.
 * - `offline`, `timedOut`, `callError`: the request did not reach the charger or failed (`error`).
 */
export const CUSTOMER_INFORMATION_STATES = [
  'sent',
  'Accepted',
  'reporting',
  'completed',
  'Rejected',
  'Invalid',
  'notSupported',
  'offline',
  'timedOut',
  'callError',
] as const;
export type CustomerInformationState = (typeof CUSTOMER_INFORMATION_STATES)[number];

/** States that mean the charger did not do what was asked: shown as refusals (red). */
export const REFUSED_CUSTOMER_INFORMATION_STATES: readonly CustomerInformationState[] = [
  'Rejected',
  'Invalid',
  'notSupported',
  'offline',
  'timedOut',
  'callError',
];

/** POST portal/Driver/:id/customerInformation: one charger (its OCPP id) or, left out, every connected one. */
export const CustomerInformationBody = z
  .object({
    chargePointId: z.string().trim().min(1).max(48).optional(),
    report: z.boolean(),
    clear: z.boolean(),
  })
  .refine((b) => b.report || b.clear, { message: 'customerInformation.nothingAsked', path: ['report'] });
export type CustomerInformationBody = z.infer<typeof CustomerInformationBody>;

export const CustomerInformationRequest = z.object({
  id: z.number().int(),
  driverId: z.number().int(),
  chargePointId: z.string(),
  idToken: z.string(),
  report: z.boolean(),
  clear: z.boolean(),
  status: z.enum(CUSTOMER_INFORMATION_STATES),
  error: z.string().nullable(),
  data: z.string().nullable(),
  requestedBy: z.string().nullable(),
  createdAt: IsoDate,
  completedAt: IsoDate.nullable(),
});
export type CustomerInformationRequest = z.infer<typeof CustomerInformationRequest>;
