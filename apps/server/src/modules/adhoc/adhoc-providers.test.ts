import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { adhocPayments, chargingSessions, paymentLedger } from '../../db/schema/index.js';
import { createTestApp, type TestApp } from '../../../test/helper.js';
import { startIyzicoStandin } from '../../../test/iyzico-standin.js';
import { listen, until } from '../../../test/ocpp-helper.js';
import { payableChargePoint, payCharger } from '../../../test/pay-charger.js';
import { startStripeStandin } from '../../../test/stripe-standin.js';
import type { PaymentView } from './adhoc.service.js';

// The ad-hoc payment flow (issue #30) of adhoc.test.ts, against local stand-ins of Stripe's and
// iyzico's APIs instead of the built-in sandbox: the hold is placed on the provider's hosted form,
// the provider's signed webhook moves the payment on, the charger starts with the payment's token,
// the driver stops from the page, and the provider is asked once to capture the billed cost.

const PW = 'adhoc-provider-secret-1';

/** A test app whose default payment provider is the stand-in's, with a 1.6 charger at a ₺8/kWh tariff. */
async function startRig(env: Record<string, string>, identity: string) {
  const t: TestApp = await createTestApp(env);
  const url = await listen(t);
  await payableChargePoint(t, identity, PW);
  const charger = await payCharger(url, identity, PW);
  const { starts, stops, started } = charger;

  const payment = async (reference: string) =>
    (await t.database.db.select().from(adhocPayments).where(eq(adhocPayments.reference, reference)))[0]!;

  return {
    t,
    starts,
    stops,
    started,
    payment,
    /** The stranger's form post (see adhoc.test.ts). */
    form: (path: string, fields: Record<string, string>) =>
      t.app.inject({
        method: 'POST',
        url: path,
        payload: new URLSearchParams(fields).toString(),
        headers: { 'content-type': 'application/x-www-form-urlencoded', 'accept-language': 'en' },
      }),
    state: async (reference: string) =>
      (await t.app.inject({ method: 'GET', url: `/pay/s/${reference}/state?lang=en` })).json<PaymentView>(),
    /** The payment whose hold the provider knows by this id. */
    async byProviderRef(providerRef: string) {
      const [row] = await t.database.db
        .select()
        .from(adhocPayments)
        .where(eq(adhocPayments.providerRef, providerRef));
      return row!;
    },
    /** A provider's webhook, delivered as the provider sends it: the raw body and its headers. */
    webhook: (
      provider: string,
      event: { body: Buffer; headers: Record<string, string> },
      contentType = 'application/json',
    ) =>
      t.app.inject({
        method: 'POST',
        url: `/pay/webhooks/${provider}`,
        payload: event.body,
        headers: { ...event.headers, 'content-type': contentType },
      }),
    /** The charger ends the transaction it started with this token, `wh` later on its meter. */
    stopOnCharger: (token: string, wh: number) => charger.stop(token, wh),
    async close() {
      await charger.close();
      await t.close();
    },
  };
}
type Rig = Awaited<ReturnType<typeof startRig>>;

/**
 * The provider's webhook alone (no page open) has the hold read as authorized and the charger
 * asked to start with the payment's token, on its connector.
 */
async function startedByWebhook(r: Rig, reference: string) {
  const p = await until(async () => {
    const row = await r.payment(reference);
    return row.status !== 'pending' && row;
  });
  expect(['starting', 'charging']).toContain(p.status);
  expect(p.token).toMatch(/^VLPAY[A-Z0-9]{15}$/);
  const start = await until(() => Promise.resolve(r.starts.find((x) => x.idTag === p.token)));
  expect(start).toEqual({ connectorId: 1, idTag: p.token });
}

/**
 * From a started charge on: the page shows it charging, the driver stops it from the page, the
 * charger stops after 0.9 kWh (₺7.20), the page captures it. Returns the settled row.
 */
async function chargeAndSettle(r: Rig, reference: string) {
  await until(async () => (await r.state(reference)).status === 'charging');
  const { token } = await r.payment(reference);
  const transactionId = await until(() => Promise.resolve(r.started.get(token)));
  const live = await r.state(reference);
  expect(live).toMatchObject({ status: 'charging', message: 'Charging.', canStop: true, failure: null });

  const stop = await r.form(`/pay/s/${reference}/stop`, {});
  expect(stop.statusCode).toBe(303);
  expect(r.stops.at(-1)).toEqual({ transactionId });
  expect((await r.payment(reference)).stopCause).toBe('driver');
  // Under 1 kWh: more within seconds is beyond any charger's power and is held for review.
  await r.stopOnCharger(token, 900);
  const done = await until(async () => {
    const v = await r.state(reference);
    return v.status === 'captured' && v;
  });
  expect(done.message).toBe('Charging finished. You paid ₺7.20.');
  const row = await r.payment(reference);
  const [session] = await r.t.database.db
    .select()
    .from(chargingSessions)
    .where(eq(chargingSessions.id, row.sessionId!));
  expect(Number(session?.cost)).toBe(720);
  expect(row).toMatchObject({
    status: 'captured',
    holdAmount: 20000,
    currency: 'TRY',
    capturedAmount: 720,
    releasedAmount: 20000 - 720,
    uncollectedAmount: 0,
    failure: null,
  });
  const ledger = await r.t.database.db
    .select()
    .from(paymentLedger)
    .where(eq(paymentLedger.providerRef, row.providerRef!));
  expect(ledger.map((e) => [e.kind, e.idempotencyKey, e.amount, e.released])).toEqual([
    ['capture', `capture:${reference}`, 720, 19280],
  ]);
  // Another sweep, and the driver's page opened again, ask the provider for nothing more.
  await r.t.app.services.adhoc.sweep();
  expect((await r.t.app.inject({ method: 'GET', url: `/pay/s/${reference}` })).statusCode).toBe(200);
  return row;
}

describe('ad-hoc payment on the Stripe stand-in', () => {
  let stripe: Awaited<ReturnType<typeof startStripeStandin>>;
  let r: Rig;

  beforeAll(async () => {
    stripe = await startStripeStandin();
    r = await startRig(
      {
        PAYMENT_PROVIDER: 'stripe',
        STRIPE_SECRET_KEY: stripe.secretKey,
        STRIPE_WEBHOOK_SECRET: stripe.webhookSecret,
        STRIPE_API_URL: stripe.url,
      },
      'STRIPE-1',
    );
  });
  afterAll(async () => {
    await r?.close();
    await stripe?.close();
  });

  /** Posts the pay form; returns the Checkout Session it was sent to and the payment's reference. */
  async function begin(email?: string) {
    const begun = await r.form('/pay/STRIPE-1*1', email ? { email } : {});
    expect(begun.statusCode).toBe(303);
    const formUrl = new URL(begun.headers.location as string);
    expect(formUrl.origin).toBe(stripe.url);
    const sessionId = /^\/c\/pay\/(cs_test_\w+)$/.exec(formUrl.pathname)?.[1];
    expect(sessionId).toBeDefined();
    const { reference } = await r.byProviderRef(sessionId!);
    return { sessionId: sessionId!, reference };
  }

  it('holds on Checkout, starts on the signed webhook, stops from the page and captures the cost once', async () => {
    const before = stripe.calls.length;
    const { sessionId, reference } = await begin('driver@example.com');
    const created = stripe.calls.slice(before).filter((c) => c.method === 'POST');
    expect(created).toHaveLength(1);
    expect(created[0]).toMatchObject({
      path: '/v1/checkout/sessions',
      headers: { 'idempotency-key': `hold:${reference}` },
      params: {
        mode: 'payment',
        line_items: [{ quantity: '1', price_data: { currency: 'try', unit_amount: '20000' } }],
        payment_intent_data: { capture_method: 'manual', metadata: { reference } },
        metadata: { reference },
        client_reference_id: reference,
        customer_email: 'driver@example.com',
        locale: 'en',
        success_url: `http://voltline.test/pay/s/${reference}`,
        cancel_url: `http://voltline.test/pay/s/${reference}`,
      },
    });
    expect((await r.state(reference)).status).toBe('pending');

    const pi = stripe.pay(sessionId, 'approve');
    // Stripe's webhook of a completed Checkout: the session, with the metadata Voltline set on it.
    const hook = await r.webhook(
      'stripe',
      stripe.signedEvent('checkout.session.completed', stripe.session(sessionId)!),
      'application/json; charset=utf-8',
    );
    expect(hook.statusCode).toBe(200);
    await startedByWebhook(r, reference);
    // The driver comes back from Stripe's form to the success URL; its page follows the charge.
    const back = await r.t.app.inject({
      method: 'GET',
      url: new URL(created[0]!.params.success_url as string).pathname,
    });
    expect(back.statusCode).toBe(200);

    await chargeAndSettle(r, reference);
    const captures = stripe.calls.filter((c) => c.path === `/v1/payment_intents/${String(pi.id)}/capture`);
    expect(captures).toHaveLength(1);
    expect(captures[0]?.params).toEqual({ amount_to_capture: '720' });
    expect(captures[0]?.headers['idempotency-key']).toBe(`capture:${reference}`);
    expect(stripe.intent(String(pi.id))).toMatchObject({
      status: 'succeeded',
      amount: 20000,
      amount_received: 720,
      currency: 'try',
    });
    // Nothing else was written: no second hold, no cancel, no refund.
    expect(
      stripe.calls
        .slice(before)
        .filter((c) => c.method === 'POST')
        .map((c) => c.path),
    ).toEqual(['/v1/checkout/sessions', `/v1/payment_intents/${String(pi.id)}/capture`]);
  });

  it('says a card Stripe declined in words on the page, and holds nothing', async () => {
    const { sessionId, reference } = await begin();
    const pi = stripe.pay(sessionId, 'decline');
    const hook = await r.webhook('stripe', stripe.signedEvent('payment_intent.payment_failed', pi));
    expect(hook.statusCode).toBe(200);
    const v = await until(async () => {
      const s = await r.state(reference);
      return s.failure !== null && s;
    });
    expect(v).toMatchObject({
      status: 'pending',
      failure: 'Your card was declined. Try another card.',
      canStop: false,
    });
    expect(stripe.intent(String(pi.id))).toMatchObject({
      status: 'requires_payment_method',
      amount_received: 0,
    });
    expect(stripe.calls.some((c) => c.path === `/v1/payment_intents/${String(pi.id)}/capture`)).toBe(false);
  });

  it('refuses a webhook with a bad signature, an altered one and an unsigned one (400)', async () => {
    const { sessionId, reference } = await begin();
    const session = stripe.session(sessionId)!;
    const forged = stripe.signedEvent('checkout.session.completed', session, 'whsec_not_ours');
    expect((await r.webhook('stripe', forged)).statusCode).toBe(400);
    const good = stripe.signedEvent('checkout.session.completed', session);
    const altered = { ...good, body: Buffer.from(good.body.toString().replace(reference, 'someone-else')) };
    expect((await r.webhook('stripe', altered)).statusCode).toBe(400);
    expect((await r.webhook('stripe', { body: good.body, headers: {} })).statusCode).toBe(400);
    expect((await r.webhook('stripe', good)).statusCode).toBe(200);
  });
});

describe('ad-hoc payment on the iyzico stand-in', () => {
  let iyzico: Awaited<ReturnType<typeof startIyzicoStandin>>;
  let r: Rig;

  beforeAll(async () => {
    iyzico = await startIyzicoStandin();
    r = await startRig(
      {
        PAYMENT_PROVIDER: 'iyzico',
        IYZICO_API_KEY: iyzico.apiKey,
        IYZICO_SECRET_KEY: iyzico.secretKey,
        IYZICO_API_URL: iyzico.url,
      },
      'IYZICO-1',
    );
  });
  afterAll(async () => {
    await r?.close();
    await iyzico?.close();
  });

  const callsTo = (path: string) => iyzico.calls.filter((c) => c.path === path);

  /** Posts the pay form; returns the checkout form's token it was sent to and the payment's reference. */
  async function begin(email?: string) {
    const begun = await r.form('/pay/IYZICO-1*1', email ? { email } : {});
    expect(begun.statusCode).toBe(303);
    const formUrl = new URL(begun.headers.location as string);
    expect(formUrl.origin).toBe(iyzico.url);
    expect(formUrl.searchParams.get('lang')).toBe('en');
    const token = formUrl.searchParams.get('token')!;
    expect(iyzico.form(token)).toBeDefined();
    const { reference } = await r.byProviderRef(token);
    return { token, reference };
  }

  it('holds on the checkout form, starts on the signed webhook, stops from the page and post-auths the cost once', async () => {
    const before = iyzico.calls.length;
    const { token, reference } = await begin('driver@example.com');
    const init = callsTo('/payment/iyzipos/checkoutform/initialize/preauth/ecom');
    expect(init).toHaveLength(1);
    expect(String(init[0]?.headers.authorization)).toMatch(/^IYZWSv2 /);
    expect(init[0]?.params).toMatchObject({
      price: '200.0',
      paidPrice: '200.0',
      currency: 'TRY',
      conversationId: reference,
      basketId: reference,
      locale: 'en',
      callbackUrl: `http://voltline.test/pay/s/${reference}`,
      buyer: { email: 'driver@example.com' },
      basketItems: [{ price: '200.0', itemType: 'VIRTUAL' }],
    });
    expect((await r.state(reference)).status).toBe('pending');

    iyzico.pay(token, 'approve');
    // iyzico's hosted-page webhook names the payment by the conversationId Voltline gave the form.
    const hook = await r.webhook('iyzico', iyzico.signedEvent(token, 'SUCCESS'));
    expect(hook.statusCode).toBe(200);
    await startedByWebhook(r, reference);
    // With no page open (the driver's return is tested below), the sweep (every 5 s) notices the
    // charge; the test sweeps at once.
    await until(async () => {
      await r.t.app.services.adhoc.sweep();
      return (await r.payment(reference)).status === 'charging';
    });

    await chargeAndSettle(r, reference);
    const postAuths = callsTo('/payment/postauth');
    expect(postAuths).toHaveLength(1);
    expect(postAuths[0]?.params).toMatchObject({
      paymentId: iyzico.form(token)?.paymentId,
      paidPrice: '7.2',
      currency: 'TRY',
      conversationId: `capture:${reference}`,
    });
    expect(iyzico.form(token)).toMatchObject({ held: 20000, captured: 720, canceled: false, refunded: 0 });
    // Nothing else was written: one pre-authorization, one post-auth, no cancel, no refund.
    const writes = iyzico.calls
      .slice(before)
      .map((c) => c.path)
      .filter((p) => p !== '/payment/iyzipos/checkoutform/auth/ecom/detail');
    expect(writes).toEqual(['/payment/iyzipos/checkoutform/initialize/preauth/ecom', '/payment/postauth']);
  });

  // iyzico ends its hosted form by POSTing `token=…` (form-encoded) to callbackUrl (its "CF
  // Retrieve" guide): the payment's page takes the POST and shows itself.
  it("brings the driver back from iyzico's form, which POSTs its token to the payment's page", async () => {
    const { token, reference } = await begin();
    iyzico.pay(token, 'approve');
    const back = await r.form(`/pay/s/${reference}`, { token });
    expect(back.statusCode).toBe(303);
    expect(back.headers.location).toBe(`/pay/s/${reference}`);
    const page = await r.t.app.inject({ method: 'GET', url: back.headers.location as string });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('Card accepted');
  });

  // iyzico's API answers the form of a refused card as a failure with the bank's code (10051).
  it('says a card iyzico refused for its funds in words on the page, and holds nothing', async () => {
    const { token, reference } = await begin();
    iyzico.pay(token, 'insufficient', 'failure');
    const hook = await r.webhook('iyzico', iyzico.signedEvent(token, 'FAILURE'));
    expect(hook.statusCode).toBe(200);
    const v = await until(async () => {
      const s = await r.state(reference);
      return s.failure !== null && s;
    });
    expect(v).toMatchObject({
      status: 'pending',
      failure: 'Your card has insufficient funds. Try another card.',
      canStop: false,
    });
    expect(iyzico.form(token)).toMatchObject({ captured: null, canceled: false });
  });

  // iyzico may also tell the refused card as a retrieved payment that failed: the same words.
  it('says an expired card in words when iyzico answers its form as a failed payment', async () => {
    const { token, reference } = await begin();
    iyzico.pay(token, 'expired', 'paymentStatus');
    const v = await until(async () => {
      const s = await r.state(reference);
      return s.failure !== null && s;
    });
    expect(v).toMatchObject({
      status: 'pending',
      failure: 'Your card has expired. Try another card.',
      canStop: false,
    });
    expect(iyzico.form(token)).toMatchObject({ captured: null, canceled: false });
  });

  it('refuses a webhook signed with another key (400)', async () => {
    const { token } = await begin();
    const forged = await r.webhook('iyzico', iyzico.signedEvent(token, 'SUCCESS', 'sandbox-not-ours'));
    expect(forged.statusCode).toBe(400);
    expect((await r.webhook('iyzico', iyzico.signedEvent(token, 'SUCCESS'))).statusCode).toBe(200);
  });
});
