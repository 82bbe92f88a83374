import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import {
  captureOf,
  checkAmount,
  header,
  priorCapture,
  refuse,
  type Hold,
  type HoldRequest,
  type HoldState,
  type Language,
  type PaymentEvent,
  type PaymentLedger,
  type PaymentProvider,
  type RefusalCode,
} from './provider.js';

/** The sandbox's test cards (docs/payments.md): any other number is declined. */
export const SANDBOX_CARDS: Record<string, RefusalCode | 'approve'> = {
  '4242424242424242': 'approve',
  '4000000000000002': 'card_declined',
  '4000000000009995': 'insufficient_funds',
};

export const SANDBOX_SIGNATURE_HEADER = 'x-voltline-sandbox-signature';

export interface SandboxHold {
  ref: string;
  reference: string;
  amount: number;
  currency: string;
  description: string;
  language: Language;
  returnUrl: string;
  status: HoldState['status'];
  refusal?: RefusalCode;
}

export interface SandboxOptions {
  /** Voltline's own address: the hosted form is `{publicUrl}/pay/sandbox/{ref}`. */
  publicUrl: string;
  ledger: PaymentLedger;
  /** Signs the sandbox's webhooks (tests and the demo: any secret of this process). */
  webhookSecret: string;
  /** Told of each authorization or decline, as a provider's webhook would be (signed, raw). */
  notify?: (body: Buffer, headers: Record<string, string>) => void;
}

export type SandboxProvider = PaymentProvider & {
  /** A hold as the sandbox page shows it; undefined when unknown (or forgotten by a restart). */
  hold(ref: string): SandboxHold | undefined;
  /** The driver submits the sandbox page's form. Returns the hold's new state. */
  submitCard(ref: string, card: { number: string; expiry: string }, now?: Date): SandboxHold;
  /** A signed webhook of the hold's current state, as `notify` receives it. */
  webhookFor(ref: string): { body: Buffer; headers: Record<string, string> };
};

/**
 * The built-in provider for the demo and tests. It follows the same flow as Stripe and iyzico
 * (hosted form, hold, capture ≤ hold, release, partial refunds, signed webhooks) with test cards
 * and no money: the hosted form is Voltline's own page, `/pay/sandbox/{ref}` (sandbox-page.ts).
 *
 * SANDBOX ONLY: holds live in this process's memory. A restart forgets them (a payment whose hold
 * is gone reads as not found), and several processes behind a load balancer do not share them.
 * That is acceptable for a demo and tests, never for money; captures and refunds still go through
 * the caller's ledger, as with the real providers.
 */
export function sandboxProvider(options: SandboxOptions): SandboxProvider {
  const holds = new Map<string, SandboxHold>();
  const byKey = new Map<string, string>();
  const { ledger } = options;

  function find(ref: string): SandboxHold {
    const h = holds.get(ref);
    if (!h) throw refuse('not_found', `no sandbox hold ${ref}`);
    return h;
  }
  const sum = async (ref: string, kind: 'capture' | 'refund') =>
    (await ledger.ofHold(ref)).filter((e) => e.kind === kind).reduce((s, e) => s + e.amount, 0);

  function sign(payload: string): string {
    return createHmac('sha256', options.webhookSecret).update(payload).digest('hex');
  }
  function webhookFor(ref: string) {
    const h = find(ref);
    const kind =
      h.status === 'authorized' ? 'hold.authorized' : h.status === 'declined' ? 'hold.declined' : 'other';
    const payload = JSON.stringify({
      id: `evt_${randomBytes(8).toString('hex')}`,
      kind,
      ref,
      reference: h.reference,
      refusal: h.refusal,
    });
    return { body: Buffer.from(payload), headers: { [SANDBOX_SIGNATURE_HEADER]: sign(payload) } };
  }

  return {
    name: 'sandbox',
    hold: (ref) => holds.get(ref),
    webhookFor,

    createHold(r: HoldRequest): Promise<Hold> {
      checkAmount(r.amount);
      let ref = byKey.get(r.idempotencyKey);
      if (!ref) {
        ref = `sbx_${randomBytes(12).toString('hex')}`;
        byKey.set(r.idempotencyKey, ref);
        holds.set(ref, { ref, ...r, status: 'pending' });
      }
      const formUrl = `${options.publicUrl}/pay/sandbox/${ref}`;
      return Promise.resolve({ providerRef: ref, formUrl, status: find(ref).status });
    },

    async getHold(ref: string): Promise<HoldState> {
      const h = find(ref);
      const authorized = h.status === 'authorized' || h.status === 'captured';
      return {
        providerRef: ref,
        status: h.status,
        authorizedAmount: authorized ? h.amount : 0,
        capturedAmount: await sum(ref, 'capture'),
        refundedAmount: await sum(ref, 'refund'),
        currency: h.currency,
        ...(h.refusal && { refusal: h.refusal }),
      };
    },

    submitCard(ref, card, now = new Date()) {
      const h = find(ref);
      if (h.status !== 'pending' && h.status !== 'declined') return h;
      const fate = SANDBOX_CARDS[card.number.replace(/\D/g, '')] ?? 'card_declined';
      const refusal = expired(card.expiry, now) ? 'expired' : fate === 'approve' ? undefined : fate;
      h.status = refusal ? 'declined' : 'authorized';
      h.refusal = refusal;
      if (options.notify) {
        const w = webhookFor(ref);
        options.notify(w.body, w.headers);
      }
      return h;
    },

    async capture(ref, amount, key) {
      const prior = await priorCapture(ledger, ref, key);
      if (prior) return prior;
      checkAmount(amount);
      const h = find(ref);
      if (h.status === 'canceled') throw refuse('canceled');
      if (h.status !== 'authorized') throw refuse('not_authorized');
      if (amount > h.amount) throw refuse('amount_too_large', `${amount} > ${h.amount}`);
      h.status = 'captured';
      const entry = {
        idempotencyKey: key,
        providerRef: ref,
        kind: 'capture' as const,
        ref: `sbx_cap_${randomBytes(8).toString('hex')}`,
        amount,
        released: h.amount - amount,
      };
      await ledger.record(entry);
      return captureOf(entry);
    },

    async release(ref, key) {
      if (await ledger.find(key)) return;
      const h = find(ref);
      if (h.status === 'captured') throw refuse('already_captured');
      if (h.status === 'canceled') return;
      h.status = 'canceled';
      await ledger.record({
        idempotencyKey: key,
        providerRef: ref,
        kind: 'release',
        ref,
        amount: 0,
        released: h.amount,
      });
    },

    async refund(ref, amount, key) {
      const same = await ledger.find(key);
      if (same?.kind === 'refund')
        return { refundRef: same.ref, amount: same.amount, refundedTotal: await sum(ref, 'refund') };
      checkAmount(amount);
      if (find(ref).status !== 'captured') throw refuse('not_authorized', 'nothing captured to refund');
      if ((await sum(ref, 'refund')) + amount > (await sum(ref, 'capture'))) throw refuse('amount_too_large');
      const refundRef = `sbx_ref_${randomBytes(8).toString('hex')}`;
      await ledger.record({
        idempotencyKey: key,
        providerRef: ref,
        kind: 'refund',
        ref: refundRef,
        amount,
        released: 0,
      });
      return { refundRef, amount, refundedTotal: await sum(ref, 'refund') };
    },

    parseWebhook(raw, headers): PaymentEvent {
      const given = Buffer.from(header(headers, SANDBOX_SIGNATURE_HEADER), 'hex');
      const expected = Buffer.from(sign(raw.toString('utf8')), 'hex');
      if (given.length !== expected.length || !timingSafeEqual(given, expected))
        throw refuse('bad_signature');
      const e = JSON.parse(raw.toString('utf8')) as {
        id: string;
        kind: PaymentEvent['kind'];
        ref: string;
        reference: string;
        refusal?: RefusalCode;
      };
      return {
        kind: e.kind,
        eventId: e.id,
        providerType: e.kind,
        reference: e.reference,
        providerRef: e.ref,
        ...(e.refusal && { refusal: e.refusal }),
      };
    },
  };
}

/** "MM/YY" (or MM/YYYY) before the month of `now`, or not a date at all. */
export function expired(expiry: string, now: Date): boolean {
  const m = /^\s*(\d{1,2})\s*\/\s*(\d{2}|\d{4})\s*$/.exec(expiry);
  if (!m) return true;
  const month = Number(m[1]);
  const year = m[2]?.length === 2 ? 2000 + Number(m[2]) : Number(m[2]);
  if (month < 1 || month > 12) return true;
  return year * 12 + month < now.getUTCFullYear() * 12 + now.getUTCMonth() + 1;
}
