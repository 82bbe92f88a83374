/**
 * What Voltline's ad-hoc payment (issue #30) needs from a card payment provider, in words that
 * belong to no provider: place a hold through a hosted card form, learn whether it was authorized,
 * capture the final amount (the rest is released), release it all, refund. Stripe, iyzico and the
 * built-in sandbox implement it; the charging flow never asks which one it talks to.
 *
 * Amounts are integers in minor units (1999 = 19.99) everywhere; each adapter converts them to its
 * provider's form exactly.
 */

export type Language = 'en' | 'tr';

export type HoldStatus = 'pending' | 'authorized' | 'declined' | 'canceled' | 'captured';

/** Why a provider refused: stable codes the flow turns into words (en/tr) for the driver or staff. */
export const REFUSAL_CODES = [
  'card_declined',
  'insufficient_funds',
  'expired',
  'not_authorized',
  'already_captured',
  'canceled',
  'amount_too_large',
  'not_found',
  'bad_request',
  'provider_unavailable',
  'bad_signature',
] as const;
export type RefusalCode = (typeof REFUSAL_CODES)[number];

/** A provider's refusal. `detail` is the provider's own text, for the log only: never shown. */
export class PaymentRefusal extends Error {
  constructor(
    readonly code: RefusalCode,
    readonly detail = '',
  ) {
    super(detail ? `${code}: ${detail}` : code);
    this.name = 'PaymentRefusal';
  }
}

export const refuse = (code: RefusalCode, detail?: string) => new PaymentRefusal(code, detail);

export interface HoldRequest {
  /** Minor units, a positive integer. */
  amount: number;
  /** ISO 4217, e.g. 'EUR', 'TRY'. */
  currency: string;
  /** Our payment's id: the provider keeps it, and webhooks carry it back. */
  reference: string;
  description: string;
  email?: string;
  language: Language;
  /** Where the hosted form sends the driver when done (paid or not). */
  returnUrl: string;
  idempotencyKey: string;
}

export interface Hold {
  /** The provider's id of this hold: the caller stores it with its payment. */
  providerRef: string;
  /** The hosted card form the driver is sent to. */
  formUrl: string;
  status: HoldStatus;
}

export interface HoldState {
  providerRef: string;
  status: HoldStatus;
  /** What the hold reserves (0 until authorized). */
  authorizedAmount: number;
  capturedAmount: number;
  refundedAmount: number;
  currency: string;
  /** Why the card was refused, when status is declined. */
  refusal?: RefusalCode;
}

export interface CaptureResult {
  providerRef: string;
  /** The provider's id of the capture (Stripe's charge, iyzico's payment transaction). */
  captureRef: string;
  amount: number;
  /** What the hold had reserved; `reserved - amount` was released. */
  released: number;
}

export interface RefundResult {
  refundRef: string;
  amount: number;
  /** Everything refunded on this hold so far, this refund included. */
  refundedTotal: number;
}

/** A webhook, verified. `reference` is the HoldRequest's. */
export interface PaymentEvent {
  kind: 'hold.authorized' | 'hold.declined' | 'hold.canceled' | 'captured' | 'refunded' | 'other';
  /** The provider's event id (for de-duplicating redeliveries). */
  eventId: string;
  providerType: string;
  reference?: string;
  providerRef?: string;
  refusal?: RefusalCode;
}

/** One thing Voltline did to a hold, as the caller's ledger keeps it. */
export interface LedgerEntry {
  idempotencyKey: string;
  providerRef: string;
  kind: 'capture' | 'refund' | 'release';
  /** The provider's id of the capture, refund or cancel. */
  ref: string;
  amount: number;
  /** Captures: what the hold had reserved beyond the amount, released. */
  released: number;
}

/**
 * Where the caller keeps what was done to each hold, so that a capture (or an iyzico refund, which
 * has no idempotency key of its own) is never made twice, across restarts too. The ad-hoc payment
 * flow implements it with its payments table, in the transaction that records the payment's new
 * state; `memoryLedger` serves tests and the sandbox. A provider asks `find` before calling and
 * `record`s after a success.
 */
export interface PaymentLedger {
  find(idempotencyKey: string): Promise<LedgerEntry | null>;
  ofHold(providerRef: string): Promise<LedgerEntry[]>;
  record(entry: LedgerEntry): Promise<void>;
}

export interface PaymentProvider {
  readonly name: 'stripe' | 'iyzico' | 'sandbox';
  createHold(request: HoldRequest): Promise<Hold>;
  getHold(providerRef: string): Promise<HoldState>;
  /**
   * Takes `amount` (≤ the hold) and releases the rest. The same key again answers the first result
   * and captures nothing; another key after a capture is refused `already_captured`.
   */
  capture(providerRef: string, amount: number, idempotencyKey: string): Promise<CaptureResult>;
  /** Lets the whole hold go (nothing captured). */
  release(providerRef: string, idempotencyKey: string): Promise<void>;
  /** Full or partial, several partials up to the captured amount. */
  refund(providerRef: string, amount: number, idempotencyKey: string): Promise<RefundResult>;
  /** Verifies the signature and reads the event; throws `bad_signature`. */
  parseWebhook(rawBody: Buffer, headers: Record<string, string | string[] | undefined>): PaymentEvent;
}

export function memoryLedger(): PaymentLedger {
  const entries: LedgerEntry[] = [];
  return {
    find: (key) => Promise.resolve(entries.find((e) => e.idempotencyKey === key) ?? null),
    ofHold: (ref) => Promise.resolve(entries.filter((e) => e.providerRef === ref)),
    record: (entry) => {
      entries.push(entry);
      return Promise.resolve();
    },
  };
}

/** The answer a capture gave, from the ledger: a retry with its key gets it again. */
export const captureOf = (e: LedgerEntry): CaptureResult => ({
  providerRef: e.providerRef,
  captureRef: e.ref,
  amount: e.amount,
  released: e.released,
});

/**
 * The ledger's word before a capture: the earlier answer for this key, or a refusal when the hold
 * was already captured (another key) or released.
 */
export async function priorCapture(ledger: PaymentLedger, ref: string, key: string) {
  const same = await ledger.find(key);
  if (same?.kind === 'capture') return captureOf(same);
  const done = await ledger.ofHold(ref);
  if (done.some((e) => e.kind === 'capture')) throw refuse('already_captured');
  if (done.some((e) => e.kind === 'release')) throw refuse('canceled');
  return null;
}

/** A positive whole number of minor units, or a `bad_request` refusal before any call is made. */
export function checkAmount(amount: number): void {
  if (!Number.isSafeInteger(amount) || amount <= 0) {
    throw refuse('bad_request', `amount must be a positive integer of minor units, got ${amount}`);
  }
}

export function header(headers: Record<string, string | string[] | undefined>, name: string): string {
  const v = headers[name.toLowerCase()] ?? headers[name];
  return (Array.isArray(v) ? v[0] : v) ?? '';
}
