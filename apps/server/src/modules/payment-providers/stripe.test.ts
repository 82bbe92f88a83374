import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startStripeStandin } from '../../../test/stripe-standin.js';
import { memoryLedger, type HoldRequest, type PaymentProvider } from './provider.js';
import { stripeProvider } from './stripe.js';

let standin: Awaited<ReturnType<typeof startStripeStandin>>;
let stripe: PaymentProvider;
let n = 0;

const provider = () =>
  stripeProvider({
    secretKey: standin.secretKey,
    webhookSecret: standin.webhookSecret,
    apiUrl: standin.url,
    ledger: memoryLedger(),
  });

function request(amount: number): HoldRequest {
  n += 1;
  return {
    amount,
    currency: 'EUR',
    reference: `pay-${n}`,
    description: 'Charging at VL-0001-1',
    email: 'driver@example.com',
    language: 'tr',
    returnUrl: `https://voltline.example/pay/VL-0001-1/return?payment=pay-${n}`,
    idempotencyKey: `hold-${n}`,
  };
}

/** A hold the driver has paid with a card of the given fate. */
async function paidHold(amount: number, card: Parameters<typeof standin.pay>[1] = 'approve') {
  const hold = await stripe.createHold(request(amount));
  const pi = standin.pay(hold.providerRef, card);
  return { ref: hold.providerRef, piId: String(pi.id) };
}

beforeAll(async () => {
  standin = await startStripeStandin();
  stripe = provider();
});
afterAll(() => standin.close());

describe('Stripe', () => {
  it('opens a Checkout Session with manual capture and sends the driver to its form', async () => {
    const before = standin.calls.length;
    const r = request(1999);
    const hold = await stripe.createHold(r);
    expect(hold.status).toBe('pending');
    expect(hold.formUrl).toBe(`${standin.url}/c/pay/${hold.providerRef}`);
    const [call] = standin.calls.slice(before);
    expect(call?.path).toBe('/v1/checkout/sessions');
    expect(call?.headers['idempotency-key']).toBe(r.idempotencyKey);
    expect(call?.params).toMatchObject({
      mode: 'payment',
      line_items: [{ quantity: '1', price_data: { currency: 'eur', unit_amount: '1999' } }],
      payment_intent_data: { capture_method: 'manual', metadata: { reference: r.reference } },
      client_reference_id: r.reference,
      locale: 'tr',
      success_url: r.returnUrl,
    });
    expect(await stripe.getHold(hold.providerRef)).toMatchObject({ status: 'pending', authorizedAmount: 0 });
  });

  it('holds, captures part (the rest released), refunds in parts up to the captured amount', async () => {
    const { ref, piId } = await paidHold(5000);
    expect(await stripe.getHold(ref)).toMatchObject({
      status: 'authorized',
      authorizedAmount: 5000,
      currency: 'EUR',
    });

    const capture = await stripe.capture(ref, 3210, 'cap-1');
    expect(capture).toMatchObject({ providerRef: ref, amount: 3210, released: 1790 });
    const captureCall = standin.calls.find((c) => c.path === `/v1/payment_intents/${piId}/capture`);
    expect(captureCall?.params).toEqual({ amount_to_capture: '3210' });
    expect(captureCall?.headers['idempotency-key']).toBe('cap-1');

    expect(await stripe.refund(ref, 1000, 'ref-1')).toMatchObject({ amount: 1000, refundedTotal: 1000 });
    expect(await stripe.refund(ref, 2000, 'ref-2')).toMatchObject({ amount: 2000, refundedTotal: 3000 });
    await expect(stripe.refund(ref, 211, 'ref-3')).rejects.toMatchObject({ code: 'amount_too_large' });
    // A retry of a refund is answered from the ledger, even once Stripe has forgotten the key.
    expect(await stripe.refund(ref, 2000, 'ref-2')).toMatchObject({ amount: 2000, refundedTotal: 3000 });
    const refundCalls = standin.calls.filter((c) => c.method === 'POST' && c.path === '/v1/refunds');
    expect(refundCalls.slice(-3).map((c) => [c.params.amount, c.headers['idempotency-key']])).toEqual([
      ['1000', 'ref-1'],
      ['2000', 'ref-2'],
      ['211', 'ref-3'],
    ]);
    expect(await stripe.getHold(ref)).toMatchObject({
      status: 'captured',
      capturedAmount: 3210,
      refundedAmount: 3000,
    });
  });

  it('never captures twice: the same key answers the first capture, another key is refused', async () => {
    const { ref, piId } = await paidHold(4000);
    const first = await stripe.capture(ref, 2500, 'cap-twice');
    expect(await stripe.capture(ref, 2500, 'cap-twice')).toEqual(first);
    // After a restart the ledger may not have it yet: Stripe itself replays the key.
    expect(await provider().capture(ref, 2500, 'cap-twice')).toEqual(first);
    const captures = standin.calls.filter((c) => c.path === `/v1/payment_intents/${piId}/capture`);
    expect(captures).toHaveLength(2);
    expect(captures.every((c) => c.headers['idempotency-key'] === 'cap-twice')).toBe(true);
    expect(standin.intent(piId)).toMatchObject({ status: 'succeeded', amount_received: 2500 });

    await expect(stripe.capture(ref, 100, 'cap-other')).rejects.toMatchObject({ code: 'already_captured' });
    await expect(provider().capture(ref, 100, 'cap-other')).rejects.toMatchObject({
      code: 'already_captured',
    });
  });

  it('refuses to capture more than the hold', async () => {
    const { ref } = await paidHold(1000);
    await expect(stripe.capture(ref, 1001, 'cap-big')).rejects.toMatchObject({ code: 'amount_too_large' });
    await expect(stripe.capture(ref, 0.5, 'cap-frac')).rejects.toMatchObject({ code: 'bad_request' });
  });

  it('tells a declined card, and insufficient funds, apart', async () => {
    const declined = await paidHold(1500, 'decline');
    expect(await stripe.getHold(declined.ref)).toMatchObject({
      status: 'declined',
      refusal: 'card_declined',
    });
    await expect(stripe.capture(declined.ref, 1500, 'cap-declined')).rejects.toMatchObject({
      code: 'not_authorized',
    });
    const poor = await paidHold(1500, 'insufficient');
    expect(await stripe.getHold(poor.ref)).toMatchObject({
      status: 'declined',
      refusal: 'insufficient_funds',
    });
    const old = await paidHold(1500, 'expired');
    expect(await stripe.getHold(old.ref)).toMatchObject({ status: 'declined', refusal: 'expired' });
  });

  it('releases a hold, and expires a form nobody paid', async () => {
    const { ref, piId } = await paidHold(2000);
    await stripe.release(ref, 'rel-1');
    const cancel = standin.calls.find((c) => c.path === `/v1/payment_intents/${piId}/cancel`);
    expect(cancel?.headers['idempotency-key']).toBe('rel-1');
    expect(await stripe.getHold(ref)).toMatchObject({ status: 'canceled' });
    await expect(stripe.capture(ref, 2000, 'cap-after-release')).rejects.toMatchObject({ code: 'canceled' });

    const unpaid = await stripe.createHold(request(2000));
    await stripe.release(unpaid.providerRef, 'rel-2');
    expect(standin.calls.at(-1)?.path).toBe(`/v1/checkout/sessions/${unpaid.providerRef}/expire`);
    expect(await stripe.getHold(unpaid.providerRef)).toMatchObject({ status: 'canceled' });

    const declined = await paidHold(2000, 'decline');
    await stripe.release(declined.ref, 'rel-3');
    expect(standin.calls.at(-1)?.path).toBe(`/v1/checkout/sessions/${declined.ref}/expire`);
    expect(standin.intent(declined.piId)).toMatchObject({ status: 'canceled' });
  });

  it('accepts a webhook Stripe signed and refuses one signed otherwise or altered', () => {
    const good = standin.signedEvent('checkout.session.completed', {
      id: 'cs_test_1',
      object: 'checkout.session',
      client_reference_id: 'pay-7',
      metadata: { reference: 'pay-7' },
    });
    expect(stripe.parseWebhook(good.body, good.headers)).toMatchObject({
      kind: 'hold.authorized',
      reference: 'pay-7',
      providerRef: 'cs_test_1',
    });
    const failed = standin.signedEvent('payment_intent.payment_failed', {
      id: 'pi_1',
      object: 'payment_intent',
      metadata: { reference: 'pay-8' },
      last_payment_error: { code: 'card_declined', decline_code: 'insufficient_funds' },
    });
    expect(stripe.parseWebhook(failed.body, failed.headers)).toMatchObject({
      kind: 'hold.declined',
      reference: 'pay-8',
      refusal: 'insufficient_funds',
    });
    const forged = standin.signedEvent('checkout.session.completed', { id: 'cs_x' }, 'whsec_not_ours');
    expect(() => stripe.parseWebhook(forged.body, forged.headers)).toThrow(
      expect.objectContaining({ code: 'bad_signature' }),
    );
    const altered = Buffer.from(good.body.toString().replace('pay-7', 'pay-9'));
    expect(() => stripe.parseWebhook(altered, good.headers)).toThrow(
      expect.objectContaining({ code: 'bad_signature' }),
    );
    expect(() => stripe.parseWebhook(good.body, {})).toThrow(
      expect.objectContaining({ code: 'bad_signature' }),
    );
  });

  it('says the provider is unavailable when Stripe cannot be reached', async () => {
    const down = stripeProvider({
      secretKey: standin.secretKey,
      webhookSecret: standin.webhookSecret,
      apiUrl: 'http://127.0.0.1:9',
      ledger: memoryLedger(),
    });
    await expect(down.getHold('cs_test_x')).rejects.toMatchObject({ code: 'provider_unavailable' });
  });
});
