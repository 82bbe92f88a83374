import Stripe from 'stripe';
import { cardRefusal, readEvent } from './stripe-events.js';
import {
  checkAmount,
  header,
  refuse,
  PaymentRefusal,
  type PaymentLedger,
  priorCapture,
  type CaptureResult,
  type Hold,
  type HoldRequest,
  type HoldState,
  type PaymentEvent,
  type PaymentProvider,
  type RefundResult,
} from './provider.js';

export interface StripeOptions {
  secretKey: string;
  webhookSecret: string;
  /** Another API host (the tests' stand-in): `http://127.0.0.1:port`. Unset: api.stripe.com. */
  apiUrl?: string;
  ledger: PaymentLedger;
}

/**
 * Stripe, through its official SDK. The hosted card form is a Checkout Session in `payment` mode
 * whose PaymentIntent has `capture_method: manual`: Stripe documents exactly this ("place a hold
 * on a payment method" with Checkout) for a hosted form, so Voltline needs no card page of its own
 * and never sees a card number. A bare PaymentIntent would need our own page with Stripe.js.
 *
 * `providerRef` is the Checkout Session's id (`cs_...`): it exists before the driver pays, whereas
 * the PaymentIntent is only made when the driver submits the form.
 */
export function stripeProvider(options: StripeOptions): PaymentProvider {
  const url = options.apiUrl ? new URL(options.apiUrl) : null;
  const stripe = new Stripe(options.secretKey, {
    ...(url && {
      host: url.hostname,
      port: Number(url.port || (url.protocol === 'http:' ? 80 : 443)),
      protocol: url.protocol === 'http:' ? 'http' : 'https',
    }),
    // Retries reuse the idempotency key we pass, so a retried capture cannot capture twice.
    maxNetworkRetries: 2,
    timeout: 20_000,
  });
  const { ledger } = options;

  async function session(ref: string) {
    return call(() => stripe.checkout.sessions.retrieve(ref, { expand: ['payment_intent'] }));
  }
  async function intentOf(ref: string): Promise<Stripe.PaymentIntent> {
    const pi = (await session(ref)).payment_intent;
    if (!pi || typeof pi === 'string') throw refuse('not_authorized', 'the driver has not paid yet');
    return pi;
  }

  return {
    name: 'stripe',

    async createHold(r: HoldRequest): Promise<Hold> {
      checkAmount(r.amount);
      const s = await call(() =>
        stripe.checkout.sessions.create(
          {
            mode: 'payment',
            line_items: [
              {
                quantity: 1,
                price_data: {
                  currency: r.currency.toLowerCase(),
                  unit_amount: r.amount,
                  product_data: { name: r.description },
                },
              },
            ],
            payment_intent_data: {
              capture_method: 'manual',
              description: r.description,
              metadata: { reference: r.reference },
            },
            client_reference_id: r.reference,
            metadata: { reference: r.reference },
            ...(r.email && { customer_email: r.email }),
            locale: r.language,
            success_url: r.returnUrl,
            cancel_url: r.returnUrl,
          },
          { idempotencyKey: r.idempotencyKey },
        ),
      );
      if (!s.url) throw refuse('provider_unavailable', 'Stripe returned no form URL');
      return { providerRef: s.id, formUrl: s.url, status: 'pending' };
    },

    async getHold(ref: string): Promise<HoldState> {
      const s = await session(ref);
      const pi = typeof s.payment_intent === 'object' ? s.payment_intent : null;
      const base = {
        providerRef: ref,
        currency: (s.currency ?? '').toUpperCase(),
        authorizedAmount: 0,
        capturedAmount: 0,
        refundedAmount: 0,
      };
      if (!pi) return { ...base, status: s.status === 'expired' ? 'canceled' : 'pending' };
      switch (pi.status) {
        case 'requires_capture':
          return { ...base, status: 'authorized', authorizedAmount: pi.amount_capturable };
        case 'succeeded':
          return {
            ...base,
            status: 'captured',
            authorizedAmount: pi.amount,
            capturedAmount: pi.amount_received,
            refundedAmount: await refundedOn(pi.id),
          };
        case 'canceled':
          return { ...base, status: 'canceled' };
        default: {
          const e = pi.last_payment_error;
          if (e) return { ...base, status: 'declined', refusal: cardRefusal(e.code, e.decline_code) };
          return { ...base, status: 'pending' };
        }
      }
    },

    async capture(ref, amount, key): Promise<CaptureResult> {
      const prior = await priorCapture(ledger, ref, key);
      if (prior) return prior;
      checkAmount(amount);
      const pi = await intentOf(ref);
      let captured: Stripe.PaymentIntent;
      try {
        captured = await call(() =>
          stripe.paymentIntents.capture(pi.id, { amount_to_capture: amount }, { idempotencyKey: key }),
        );
      } catch (err) {
        throw await explainState(err, pi.id);
      }
      const chargeRef =
        typeof captured.latest_charge === 'string' ? captured.latest_charge : captured.latest_charge?.id;
      const result: CaptureResult = {
        providerRef: ref,
        captureRef: chargeRef ?? captured.id,
        amount: captured.amount_received,
        released: captured.amount - captured.amount_received,
      };
      await ledger.record({
        idempotencyKey: key,
        providerRef: ref,
        kind: 'capture',
        ref: result.captureRef,
        amount: result.amount,
        released: result.released,
      });
      return result;
    },

    async release(ref, key): Promise<void> {
      const s = await session(ref);
      // An open form (unpaid, or only declined attempts) is expired: its intent belongs to the
      // Checkout Session, and the driver can no longer pay on it.
      if (s.status === 'open') {
        await call(() => stripe.checkout.sessions.expire(ref, {}, { idempotencyKey: key }));
        return;
      }
      const pi = typeof s.payment_intent === 'object' ? s.payment_intent : null;
      if (!pi || pi.status === 'canceled') return;
      try {
        await call(() => stripe.paymentIntents.cancel(pi.id, {}, { idempotencyKey: key }));
      } catch (err) {
        throw await explainState(err, pi.id);
      }
    },

    async refund(ref, amount, key): Promise<RefundResult> {
      // Stripe forgets idempotency keys after 24 hours; the ledger does not, so a refund retried
      // days later is still made once.
      const same = await ledger.find(key);
      if (same?.kind === 'refund') {
        const pi = await intentOf(ref);
        return { refundRef: same.ref, amount: same.amount, refundedTotal: await refundedOn(pi.id) };
      }
      checkAmount(amount);
      const pi = await intentOf(ref);
      const refund = await call(() =>
        stripe.refunds.create({ payment_intent: pi.id, amount }, { idempotencyKey: key }),
      );
      await ledger.record({
        idempotencyKey: key,
        providerRef: ref,
        kind: 'refund',
        ref: refund.id,
        amount: refund.amount,
        released: 0,
      });
      return { refundRef: refund.id, amount: refund.amount, refundedTotal: await refundedOn(pi.id) };
    },

    parseWebhook(raw, headers): PaymentEvent {
      let event: Stripe.Event;
      try {
        event = stripe.webhooks.constructEvent(
          raw,
          header(headers, 'stripe-signature'),
          options.webhookSecret,
        );
      } catch (err) {
        throw refuse('bad_signature', (err as Error).message);
      }
      return readEvent(event);
    },
  };

  /**
   * What the refunds of an intent add up to, from the refunds themselves: a charge's
   * `amount_refunded` may also count the part a partial capture released.
   */
  async function refundedOn(piId: string): Promise<number> {
    const list = await call(() => stripe.refunds.list({ payment_intent: piId, limit: 100 }));
    return list.data
      .filter((r) => r.status !== 'failed' && r.status !== 'canceled')
      .reduce((sum, r) => sum + r.amount, 0);
  }

  /** Stripe says only "unexpected state"; the intent's status says which refusal it is. */
  async function explainState(err: unknown, piId: string): Promise<unknown> {
    if (!(err instanceof PaymentRefusal) || err.code !== 'not_authorized') return err;
    const pi = await call(() => stripe.paymentIntents.retrieve(piId));
    if (pi.status === 'succeeded') return refuse('already_captured', err.detail);
    if (pi.status === 'canceled') return refuse('canceled', err.detail);
    return err;
  }
}

/** Runs an SDK call and turns Stripe's errors into refusals with a stable code. */
async function call<T>(fn: () => Promise<T>): Promise<T> {
  try {
    return await fn();
  } catch (err) {
    throw stripeRefusal(err);
  }
}

function stripeRefusal(err: unknown): Error {
  if (err instanceof PaymentRefusal) return err;
  if (!(err instanceof Stripe.errors.StripeError)) return refuse('provider_unavailable', String(err));
  const detail = err.message;
  if (err instanceof Stripe.errors.StripeCardError)
    return refuse(cardRefusal(err.code, err.decline_code), detail);
  if (err instanceof Stripe.errors.StripeInvalidRequestError) {
    if (err.code === 'resource_missing') return refuse('not_found', detail);
    if (err.code === 'payment_intent_unexpected_state') return refuse('not_authorized', detail);
    if (err.code === 'amount_too_large' || err.code === 'charge_already_refunded') {
      return refuse('amount_too_large', detail);
    }
    if (err.param === 'amount' || err.param === 'amount_to_capture')
      return refuse('amount_too_large', detail);
    return refuse('bad_request', detail);
  }
  if (err instanceof Stripe.errors.StripeIdempotencyError) return refuse('bad_request', detail);
  // Connection, API (5xx), rate limit, authentication: Stripe cannot serve us now.
  return refuse('provider_unavailable', detail);
}
