import { z } from 'zod';
import { SessionRoaming } from './session-roaming.js';
import { Text, IsoTime } from './common.js';
import { TariffComponents } from './tariff-components.js';

export const TARIFF_TYPES = ['AC', 'DC', 'AC/DC'] as const;
export const TARIFF_PAYMENT_TYPES = ['Prepaid', 'Postpaid', 'Free'] as const;
export const CURRENCIES = ['TRY', 'EUR', 'USD', 'GBP'] as const;
/**
 * active: charging on an accepted start. refused: the StartTransaction was not accepted (the
 * charger may still have charged: `unauthorized`); never billed, never blocks a card.
 */
/**
 * `review`: a closed session whose readings are impossible for its connector (a negative meter or
 * duration, a meter that went back, more energy than the connector can deliver in the time, a cost
 * beyond exact arithmetic). It is stored as the charger sent it but neither billed nor counted in
 * the dashboards until staff release or correct it.
 */
export const SESSION_STATES = ['active', 'completed', 'failed', 'refused', 'review'] as const;
/** Why a session is held for review (see `review` above). */
export const REVIEW_REASONS = [
  'negativeMeter',
  'meterWentBack',
  'negativeDuration',
  'energyBeyondPower',
  // A time the charger sent was impossible (its clock): judged by the time Voltline witnessed.
  'chargerClock',
  'costOutOfRange',
] as const;
export type ReviewReason = (typeof REVIEW_REASONS)[number];
export const PAYMENT_KINDS = ['topup', 'session'] as const;
export const PAYMENT_STATES = ['completed', 'partiallyRefunded', 'refunded', 'failed'] as const;

const minor = z.number().int().min(0).max(100_000_000);

/**
 * Prices are in minor units (kuruş, cents): `pricePerKwh` 850 is 8.50 per kWh. `limitKwh` is the
 * energy billed at `pricePerKwh`; energy beyond it is billed at `overLimitPricePerKwh`.
 */
export const Tariff = z.object({
  id: z.number().int(),
  operatorId: z.number().int(),
  operatorName: z.string(),
  name: z.string(),
  type: z.enum(TARIFF_TYPES),
  paymentType: z.enum(TARIFF_PAYMENT_TYPES),
  currency: z.enum(CURRENCIES),
  pricePerKwh: z.number().int(),
  limitKwh: z.number().nullable(),
  overLimitPricePerKwh: z.number().int().nullable(),
  fixedPrice: z.number().int(),
  validFrom: z.string().nullable(),
  validTo: z.string().nullable(),
  /** The price components the tariff bills by (derived from the fields above when none were given). */
  components: TariffComponents,
  /** The operator's VAT (basis points) and whether the prices above include it. */
  vatRate: z.number().int(),
  pricesIncludeVat: z.boolean(),
  retired: z.boolean(),
  inUse: z.boolean(),
  createdAt: z.string(),
  updatedAt: z.string(),
});
export type Tariff = z.infer<typeof Tariff>;

const tariffFields = {
  name: Text(120),
  operatorId: z.number().int().positive().max(2_147_483_647),
  type: z.enum(TARIFF_TYPES),
  paymentType: z.enum(TARIFF_PAYMENT_TYPES),
  currency: z.enum(CURRENCIES),
  pricePerKwh: minor,
  limitKwh: z.number().positive().max(100_000).nullish(),
  overLimitPricePerKwh: minor.nullish(),
  fixedPrice: minor,
  validFrom: IsoTime.nullish(),
  validTo: IsoTime.nullish(),
  /**
   * Optional: the tariff's price components. When left out, they are derived from the fields
   * above (pricePerKwh, limitKwh, overLimitPricePerKwh, fixedPrice, paymentType).
   */
  components: TariffComponents.optional(),
};

function limitNeedsPrice(t: { limitKwh?: number | null; overLimitPricePerKwh?: number | null }) {
  return !(t.limitKwh && (t.overLimitPricePerKwh === undefined || t.overLimitPricePerKwh === null));
}
const validPeriod = (t: { validFrom?: string | null; validTo?: string | null }) =>
  !t.validFrom || !t.validTo || Date.parse(t.validFrom) < Date.parse(t.validTo);

// Defaults belong to creation only: an update leaves out what it does not change.
export const CreateTariffBody = z
  .object({ ...tariffFields, currency: tariffFields.currency.default('TRY'), fixedPrice: minor.default(0) })
  .refine(limitNeedsPrice, { message: 'tariff.overLimitPriceRequired', path: ['overLimitPricePerKwh'] })
  .refine(validPeriod, { message: 'tariff.periodOrder', path: ['validTo'] });
export type CreateTariffBody = z.input<typeof CreateTariffBody>;

export const UpdateTariffBody = z
  .object({ id: z.number().int().positive().max(2_147_483_647), ...tariffFields, retired: z.boolean() })
  .partial()
  .required({ id: true })
  .refine(limitNeedsPrice, { message: 'tariff.overLimitPriceRequired', path: ['overLimitPricePerKwh'] })
  .refine(validPeriod, { message: 'tariff.periodOrder', path: ['validTo'] });
export type UpdateTariffBody = z.input<typeof UpdateTariffBody>;

/** What a session was billed by: the tariff as it was when the session started. */
export const TariffSnapshot = z.object({
  id: z.number().int(),
  name: z.string(),
  paymentType: z.enum(TARIFF_PAYMENT_TYPES),
  currency: z.enum(CURRENCIES),
  pricePerKwh: z.number().int(),
  limitKwh: z.number().nullable(),
  overLimitPricePerKwh: z.number().int().nullable(),
  fixedPrice: z.number().int(),
  /** Absent from snapshots taken before components existed: those price by the fields above. */
  components: TariffComponents.optional(),
  vatRate: z.number().int().optional(),
  pricesIncludeVat: z.boolean().optional(),
  timeZone: z.string().optional(),
});
export type TariffSnapshot = z.infer<typeof TariffSnapshot>;

export const Session = z.object({
  id: z.number().int(),
  /** Paid ad hoc by card on the connector's public page (issue #30): no driver, no card. */
  adhoc: z.boolean().optional(),
  chargePointId: z.string(),
  chargePointName: z.string(),
  operatorId: z.number().int(),
  operatorName: z.string(),
  connectorId: z.number().int(),
  idTag: z.string(),
  driverId: z.number().int().nullable(),
  driverName: z.string().nullable(),
  startedAt: z.string(),
  stoppedAt: z.string().nullable(),
  /** When the car stopped drawing energy (parking is priced after it); null when it did not. */
  chargingEndedAt: z.string().nullable().optional(),
  durationSeconds: z.number().int(),
  meterStart: z.number(),
  meterStop: z.number().nullable(),
  energyWh: z.number(),
  powerW: z.number().nullable(),
  soc: z.number().nullable(),
  stopReason: z.string().nullable(),
  state: z.enum(SESSION_STATES),
  /** Voltline's verdict on the start's card, whatever the protocol: Accepted, Blocked, ConcurrentTx, Expired, Invalid, NoCredit, Unknown (Pending while waiting for a card). */
  authorization: z.string(),
  /** A refused session during which the charger delivered energy anyway. */
  unauthorized: z.boolean(),
  /** The operator's reason when staff closed the session (a charger that never sent its Stop). */
  closeNote: z.string().nullable(),
  /** Why the session is held for review; empty when it is not held. */
  reviewReasons: z.array(z.enum(REVIEW_REASONS)),
  /** Staff's note when they released or corrected the session after a hold. */
  reviewNote: z.string().nullable(),
  tariff: TariffSnapshot.nullable(),
  cost: z.number().int().nullable(),
  currency: z.string().nullable(),
  /** Null unless a roaming partner's driver charged. */
  roaming: SessionRoaming.nullable(),
});
export type Session = z.infer<typeof Session>;

export const SessionFilter = z.object({
  from: IsoTime.optional(),
  to: IsoTime.optional(),
  chargePointId: z.string().trim().max(48).optional(),
  driverId: z.number().int().positive().max(2_147_483_647).optional(),
  idTag: z.string().trim().max(20).optional(),
  operatorId: z.number().int().positive().max(2_147_483_647).optional(),
  state: z.enum(SESSION_STATES).optional(),
  /** Only running sessions (the Active tab). */
  active: z.boolean().optional(),
  /** Only roaming partners' drivers' sessions. */
  roaming: z.boolean().optional(),
  /** Only these sessions (a bulk selection's export). */
  ids: z.array(z.number().int().positive().max(2_147_483_647)).min(1).max(1000).optional(),
  sortOrder: z.enum(['asc', 'desc']).default('desc'),
});
export type SessionFilter = z.input<typeof SessionFilter>;

/** `POST portal/Transaction/{id}/close`: staff close a session whose charger never stopped it. */
export const CloseSessionBody = z.object({
  reason: z.string().trim().min(3).max(500),
});
export type CloseSessionBody = z.infer<typeof CloseSessionBody>;

/** A meter reading staff may enter when they correct a held session: Wh, 0 to 10¹² (1 TWh). */
const MeterWh = z.number().int().min(0).max(1_000_000_000_000);

/**
 * `POST portal/Transaction/{id}/review`: staff settle a session held for review. `release` bills it
 * as stored; `correct` replaces its readings (and stop time) with what staff checked, then bills it.
 * The note says why, for the audit log.
 */
export const ReviewSessionBody = z
  .object({
    action: z.enum(['release', 'correct']),
    note: z.string().trim().min(3).max(500),
    meterStart: MeterWh.optional(),
    meterStop: MeterWh.optional(),
    stoppedAt: IsoTime.optional(),
  })
  .superRefine((b, ctx) => {
    if (b.action !== 'correct') return;
    if (b.meterStart === undefined) {
      ctx.addIssue({ code: 'custom', message: 'session.meterRequired', path: ['meterStart'] });
    }
    if (b.meterStop === undefined) {
      ctx.addIssue({ code: 'custom', message: 'session.meterRequired', path: ['meterStop'] });
    } else if (b.meterStart !== undefined && b.meterStop < b.meterStart) {
      ctx.addIssue({ code: 'custom', message: 'session.meterStopBeforeStart', path: ['meterStop'] });
    }
  });
export type ReviewSessionBody = z.infer<typeof ReviewSessionBody>;

/** Stop reason of a session closed by staff; its bill is at the last meter reading. */
export const OPERATOR_CLOSE_REASON = 'ClosedByOperator';

export const SessionTotals = z.object({
  sessions: z.number().int(),
  energyWh: z.number(),
  revenue: z.number(),
});
export const SessionPage = z.object({
  items: z.array(Session),
  total: z.number().int(),
  index: z.number().int(),
  size: z.number().int(),
  totals: SessionTotals,
});
export type SessionPage = z.infer<typeof SessionPage>;

export const MeterPoint = z.object({
  at: z.string(),
  energyWh: z.number().nullable(),
  powerW: z.number().nullable(),
  soc: z.number().nullable(),
});
export type MeterPoint = z.infer<typeof MeterPoint>;

export const Payment = z.object({
  id: z.number().int(),
  pgTranId: z.string(),
  kind: z.enum(PAYMENT_KINDS),
  driverId: z.number().int().nullable(),
  driverName: z.string().nullable(),
  operatorId: z.number().int(),
  sessionId: z.number().int().nullable(),
  amount: z.number().int(),
  refundedAmount: z.number().int(),
  currency: z.string(),
  state: z.enum(PAYMENT_STATES),
  gateway: z.string(),
  createdAt: z.string(),
  /**
   * A charge paid ad hoc by card (issue #30): the provider's hold, what it captured, released and
   * refunded, and what the session cost beyond the hold. Absent for any other line.
   */
  adhoc: z
    .object({
      reference: z.string(),
      provider: z.string(),
      holdAmount: z.number().int(),
      capturedAmount: z.number().int(),
      releasedAmount: z.number().int(),
      refundedAmount: z.number().int(),
      uncollectedAmount: z.number().int(),
    })
    .optional(),
});
export type Payment = z.infer<typeof Payment>;

export const PaymentFilter = z.object({
  from: IsoTime.optional(),
  to: IsoTime.optional(),
  pgTranId: z.string().trim().max(64).optional(),
  driverId: z.number().int().positive().max(2_147_483_647).optional(),
  operatorId: z.number().int().positive().max(2_147_483_647).optional(),
  kind: z.enum(PAYMENT_KINDS).optional(),
  state: z.enum(PAYMENT_STATES).optional(),
});
export type PaymentFilter = z.input<typeof PaymentFilter>;

export const RefundQuery = z.object({
  pgTranId: z.string().trim().min(1).max(64),
  amount: z.coerce.number().int().positive().max(2_147_483_647),
});

export const Refund = z.object({
  id: z.number().int(),
  paymentId: z.number().int(),
  pgTranId: z.string(),
  gatewayRefundId: z.string(),
  amount: z.number().int(),
  createdAt: z.string(),
});
export const RefundResult = z.object({ payment: Payment, refund: Refund });
export type RefundResult = z.infer<typeof RefundResult>;

export const TopUpBody = z.object({
  driverId: z.number().int().positive().max(2_147_483_647),
  amount: z.number().int().positive().max(2_147_483_647).max(100_000_000),
  currency: z.enum(CURRENCIES).default('TRY'),
});
