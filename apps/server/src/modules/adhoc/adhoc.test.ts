import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { and, eq, isNotNull } from 'drizzle-orm';
import { API, sessionCodeMessageId } from '@voltline/contract';
import {
  adhocPayments,
  chargePoints,
  chargingSessions,
  connectors,
  deviceReportRequests,
  operators,
  paymentLedger,
  payments,
  tariffs,
} from '../../db/schema/index.js';
import { startCharger201, type SimCharger201 } from '@voltline/simulator';
import { createTestApp, type TestApp } from '../../../test/helper.js';
import { listen, registerChargePoint, until } from '../../../test/ocpp-helper.js';
import { payableChargePoint, payCharger, type PayCharger } from '../../../test/pay-charger.js';
import type { PaymentView } from './adhoc.service.js';
import { PAY_PER_MINUTE } from './adhoc.routes.js';

// Pay and charge without an account (issue #30), end to end on the sandbox provider: a stranger
// opens a connector's page, pays by test card, the charger is started with the payment's token,
// the charge is stopped from the page, the cost captured and the rest released, the receipt
// mailed; and each failure a driver meets leaves no money held and says why.

let t: TestApp;
let offset = 0;
let wsUrl = '';
const PW = 'adhoc-charger-secret-1';
let charger: PayCharger;
let station: SimCharger201;

const form = (url: string, fields: Record<string, string>, lang = 'en') =>
  t.app.inject({
    method: 'POST',
    url,
    payload: new URLSearchParams(fields).toString(),
    headers: { 'content-type': 'application/x-www-form-urlencoded', 'accept-language': lang },
  });

const state = async (reference: string, lang = 'en') =>
  (await t.app.inject({ method: 'GET', url: `/pay/s/${reference}/state?lang=${lang}` })).json<PaymentView>();

const payment = async (reference: string) =>
  (await t.database.db.select().from(adhocPayments).where(eq(adhocPayments.reference, reference)))[0]!;

/** Opens the pay form, pays with a card on the sandbox's page; returns the payment's reference. */
async function pay(code: string, card: string, email = '') {
  const begun = await form(`/pay/${encodeURIComponent(code)}`, email ? { email } : {});
  expect(begun.statusCode).toBe(303);
  const cardPage = new URL(begun.headers.location as string);
  expect(cardPage.pathname).toMatch(/^\/pay\/sandbox\//);
  const submitted = await form(cardPage.pathname, { number: card, expiry: '12/39', cvc: '123' });
  const [payRow] = await t.database.db
    .select()
    .from(adhocPayments)
    .where(eq(adhocPayments.providerRef, cardPage.pathname.split('/').pop()!));
  return { reference: payRow!.reference, submitted };
}

beforeAll(async () => {
  t = await createTestApp({}, { clock: { now: () => new Date(Date.now() + offset) } });
  const url = await listen(t);
  wsUrl = url;
  await payableChargePoint(t, 'PAY-1', PW);
  charger = await payCharger(url, 'PAY-1', PW);
});
afterAll(async () => {
  await station?.close();
  await charger.close();
  await t.close();
});

describe('ad-hoc payment at a connector', () => {
  it('shows the connector, its price in words and the hold, in English and Turkish', async () => {
    const en = await t.app.inject({ method: 'GET', url: '/pay/PAY-1*1' });
    expect(en.statusCode).toBe(200);
    expect(en.body).toContain('PAY-1 · Connector 1');
    // The lira as the portal writes it, not its code.
    expect(en.body).toContain('₺8.00 per kWh');
    expect(en.body).toContain('Your card is held for');
    expect(en.body).toContain('Pay by card and charge');
    expect(en.body).toContain('4242 4242 4242 4242');
    expect(en.headers['content-security-policy']).toContain("form-action 'self' https:");
    const tr = await t.app.inject({
      method: 'GET',
      url: '/pay/PAY-1*1',
      headers: { 'accept-language': 'tr-TR' },
    });
    expect(tr.body).toContain('<html lang="tr">');
    expect(tr.body).toContain('Kartla öde ve şarj et');
    expect(tr.body).toContain('Konnektör 1');
    expect(tr.body).toContain('kWh başına ₺8,00');
    const none = await t.app.inject({ method: 'GET', url: '/pay/NOPE*1' });
    expect(none.statusCode).toBe(404);
    expect(none.body).toContain('There is no connector with this code');
  });

  it('pays by test card, charges, stops from the page, captures the cost, releases the rest and mails the receipt', async () => {
    charger.state.onStart = 'start';
    const { reference, submitted } = await pay('PAY-1*1', '4242424242424242', 'driver@example.com');
    expect(submitted.statusCode).toBe(303);
    expect(submitted.headers.location).toBe(`http://voltline.test/pay/s/${reference}`);
    const page = await t.app.inject({ method: 'GET', url: `/pay/s/${reference}` });
    expect(page.statusCode).toBe(200);
    const charging = await until(async () => {
      const v = await state(reference);
      return v.status === 'charging' && v;
    });
    expect(charging.canStop).toBe(true);
    expect(charging.message).toBe('Charging.');
    const token = (await payment(reference)).token;
    expect(token).toMatch(/^VLPAY[A-Z0-9]{15}$/);
    await until(() => Promise.resolve(charger.started.get(token)));
    // Energies stay under 1 kWh: more within seconds is beyond any charger's power (held for review).
    // The charger meters 0.5 kWh; the page shows it and what it costs so far.
    await charger.meterValues(token, 500);
    const live = await until(async () => {
      const v = await state(reference);
      return v.energyKwh === 0.5 && v;
    });
    expect(live.cost).toBe('₺4.00');
    const stop = await form(`/pay/s/${reference}/stop`, {});
    expect(stop.statusCode).toBe(303);
    expect((await payment(reference)).stopCause).toBe('driver');
    await charger.stop(token, 900);
    const done = await until(async () => {
      const v = await state(reference);
      return v.status === 'captured' && v;
    });
    expect(done.message).toBe('Charging finished. You paid ₺7.20.');
    expect(done.receipt).toBe(true);
    const row = await payment(reference);
    expect(row).toMatchObject({ capturedAmount: 720, releasedAmount: 19280, uncollectedAmount: 0 });
    const ledger = await t.database.db
      .select()
      .from(paymentLedger)
      .where(eq(paymentLedger.providerRef, row.providerRef!));
    expect(ledger.map((e) => [e.kind, e.amount, e.released])).toEqual([['capture', 720, 19280]]);
    // The sandbox's hold says the same.
    const hold = t.app.services.paymentProviders.sandbox.hold(row.providerRef!);
    expect(hold?.status).toBe('captured');
    const mail = await until(() => Promise.resolve(t.outbox().find((m) => m.includes('driver@example.com'))));
    // The subject is MIME-encoded (it holds ₺); the receipt rides along as a PDF.
    expect(mail).toMatch(/Your[_ ]charging[_ ]receipt/);
    expect(mail).toMatch(/filename=.?receipt-\d+\.pdf/);
    expect(mail).toContain('application/pdf');
    const receipt = await t.app.inject({ method: 'GET', url: `/pay/s/${reference}/receipt` });
    expect(receipt.statusCode).toBe(200);
    expect(receipt.headers['content-type']).toBe('application/pdf');
    // A second sweep captures nothing more, and the token no longer authorizes.
    await t.app.services.adhoc.sweep();
    expect(
      await t.database.db.select().from(paymentLedger).where(eq(paymentLedger.providerRef, row.providerRef!)),
    ).toHaveLength(1);
    const auth = (await charger.client.call('Authorize', { idTag: token })) as {
      idTagInfo: { status: string };
    };
    expect(auth.idTagInfo.status).toBe('Invalid');
  });

  it('takes the same flow on an OCPP 2.0.1 station: RequestStartTransaction with the token, stop, capture', async () => {
    charger.state.onStart = 'start';
    const cp = await registerChargePoint(t, 'PAY-201', PW);
    const [tariff] = await t.database.db.select().from(tariffs).where(eq(tariffs.name, 'Public AC'));
    await t.database.db
      .update(connectors)
      .set({ tariffId: tariff!.id })
      .where(eq(connectors.chargePointId, cp.id));
    // Ten times faster: a moment of charging meters some energy, still under any power limit.
    station = await startCharger201({ url: wsUrl, id: 'PAY-201', password: PW, rebootDelay: 0.2, speed: 10 });
    await until(async () => {
      const [row] = await t.database.db.select().from(connectors).where(eq(connectors.chargePointId, cp.id));
      const [c] = await t.database.db.select().from(chargePoints).where(eq(chargePoints.id, cp.id));
      return c?.connected && c.ocppProtocol === 'ocpp2.0.1' && row?.status === 'Available';
    });
    // Voltline knows its display once its device model came in.
    await until(
      async () =>
        (
          await t.database.db
            .select()
            .from(deviceReportRequests)
            .where(
              and(eq(deviceReportRequests.chargePointId, cp.id), isNotNull(deviceReportRequests.completedAt)),
            )
        ).length > 0,
    );
    const { reference } = await pay('PAY-201*1', '4242424242424242');
    await until(async () => (await payment(reference)).status === 'starting');
    // The driver plugs in after paying, as the page asks.
    station.plugIn(1);
    await until(async () => {
      await t.app.services.adhoc.sweep();
      return (await payment(reference)).status === 'charging';
    });
    const charging = await state(reference);
    expect(charging.canStop).toBe(true);
    // The charger's display shows the charge's own payment page while it runs: a driver who closed
    // the browser opens it again from there.
    const [running] = await t.database.db
      .select()
      .from(chargingSessions)
      .where(eq(chargingSessions.id, (await payment(reference)).sessionId!));
    const shown = await until(() => Promise.resolve(station.displayMessages.get(sessionCodeMessageId(1))));
    expect(shown).toMatchObject({
      state: 'Charging',
      transactionId: running!.chargerTransactionId,
      message: { format: 'URI', content: `http://voltline.test/pay/s/${reference}` },
      display: { evse: { id: 1 } },
    });
    const admin = await t.login('admin@voltline.local');
    const listedIds = async () =>
      (
        await t.call<{ data: { id: number }[] }>('GET', `/api/${API.chargePoints.displayMessages(cp.id)}`, {
          token: admin,
        })
      ).body.data.map((m) => m.id);
    expect(await listedIds()).toContain(sessionCodeMessageId(1));
    // Charge until the page shows energy, then stop from the page.
    await until(async () => ((await state(reference)).energyKwh ?? 0) > 0, 20_000);
    expect((await form(`/pay/s/${reference}/stop`, {})).statusCode).toBe(303);
    const done = await until(async () => {
      await t.app.services.adhoc.sweep();
      const v = await state(reference);
      return v.done && v;
    });
    const row = await payment(reference);
    const [session] = await t.database.db
      .select()
      .from(chargingSessions)
      .where(eq(chargingSessions.id, row.sessionId!));
    expect(session!.cost).toBeGreaterThan(0);
    expect(row).toMatchObject({
      status: 'captured',
      capturedAmount: session!.cost,
      releasedAmount: 20000 - session!.cost!,
    });
    expect(done.message).toMatch(/^Charging finished\. You paid ₺/);
    // The transaction ended: the charger dropped its message, and staff no longer see it held.
    expect(await listedIds()).not.toContain(sessionCodeMessageId(1));
  });

  it('shows staff the provider, hold, capture and release, and refunds in parts through the provider', async () => {
    const admin = await t.login('admin@voltline.local');
    const [captured] = await t.database.db
      .select()
      .from(adhocPayments)
      .where(eq(adhocPayments.status, 'captured'))
      .orderBy(adhocPayments.id)
      .limit(1);
    const pgTranId = `VL-SES-${captured!.sessionId}`;
    type Line = { gateway: string; amount: number; adhoc?: Record<string, unknown> };
    const list = await t.call<{ data: { items: Line[] } }>(
      'POST',
      '/api/portal/Payment/GetPaymentTransactions?index=0&size=10',
      { token: admin, body: { pgTranId } },
    );
    expect(list.body.data.items[0]).toMatchObject({
      gateway: 'sandbox',
      amount: 720,
      adhoc: {
        provider: 'sandbox',
        holdAmount: 20000,
        capturedAmount: 720,
        releasedAmount: 19280,
        refundedAmount: 0,
      },
    });
    // The session is marked as paid ad hoc in the sessions report.
    const session = await t.call<{ data: { adhoc?: boolean; driverId: number | null } }>(
      'GET',
      `/api/portal/Transaction/${captured!.sessionId}`,
      { token: admin },
    );
    expect(session.body.data).toMatchObject({ adhoc: true, driverId: null });
    const refund = (amount: number, key: string, lang = 'en') =>
      t.call<{ message?: string; error?: string; data?: unknown }>(
        'POST',
        `/api/Payment/refund?pgTranId=${pgTranId}&amount=${amount}`,
        { token: admin, headers: { 'idempotency-key': key, 'accept-language': lang } },
      );
    expect((await refund(200, 'adhoc-r1')).status).toBe(200);
    // The same key again refunds nothing more; a second part goes through.
    expect((await refund(200, 'adhoc-r1')).status).toBe(200);
    expect((await refund(300, 'adhoc-r2')).status).toBe(200);
    const hold = t.app.services.paymentProviders.sandbox;
    expect((await hold.getHold(captured!.providerRef!)).refundedAmount).toBe(500);
    expect(await payment(captured!.reference)).toMatchObject({ refundedAmount: 500 });
    const tooMuch = await refund(300, 'adhoc-r3', 'tr');
    expect(tooMuch.status).toBe(400);
    expect(JSON.stringify(tooMuch.body)).toContain('₺2,20');
    expect((await hold.getHold(captured!.providerRef!)).refundedAmount).toBe(500);
  });

  it('says a declined card in words, keeps the form open, and holds nothing', async () => {
    const { reference, submitted } = await pay('PAY-1*1', '4000000000000002');
    expect(submitted.statusCode).toBe(402);
    expect(submitted.body).toContain('Your card was declined');
    const v = await state(reference);
    expect(v.status).toBe('pending');
    expect(v.failure).toBe('Your card was declined. Try another card.');
    expect(v.canStop).toBe(false);
  });

  it('lets the hold go when the charger refuses to start, and says so', async () => {
    charger.state.onStart = 'reject';
    const { reference } = await pay('PAY-1*1', '4242424242424242');
    await t.app.inject({ method: 'GET', url: `/pay/s/${reference}` });
    const v = await until(async () => {
      const s = await state(reference, 'tr');
      return s.done && s;
    });
    expect(v.status).toBe('released');
    expect(v.failure).toBe('İstasyon şarjı başlatmayı reddetti. Para çekilmedi; bloke kaldırıldı.');
    const row = await payment(reference);
    expect(t.app.services.paymentProviders.sandbox.hold(row.providerRef!)?.status).toBe('canceled');
  });

  it('lets the hold go when no vehicle is plugged in within the time-out, and the token stops working', async () => {
    charger.state.onStart = 'acceptOnly';
    const { reference } = await pay('PAY-1*1', '4242424242424242');
    await until(async () => (await payment(reference)).status === 'starting');
    offset = 3_600_000;
    try {
      await t.app.services.adhoc.sweep();
    } finally {
      offset = 0;
    }
    const row = await payment(reference);
    expect(row).toMatchObject({ status: 'released', failure: 'not_plugged', releasedAmount: 20000 });
    const auth = (await charger.client.call('Authorize', { idTag: row.token })) as {
      idTagInfo: { status: string };
    };
    expect(auth.idTagInfo.status).toBe('Invalid');
    expect((await state(reference)).failure).toContain('No vehicle was connected in time');
  });

  it('settles a charge whose page was closed: the charger stops by itself, the sweep captures', async () => {
    charger.state.onStart = 'start';
    const { reference } = await pay('PAY-1*1', '4242424242424242');
    // With no page open, the sweep (every 5 s) notices the charge; the test sweeps at once.
    await until(async () => {
      await t.app.services.adhoc.sweep();
      return (await payment(reference)).status === 'charging';
    });
    const token = (await payment(reference)).token;
    await until(() => Promise.resolve(charger.started.get(token)));
    await charger.stop(token, 1000);
    await t.app.services.adhoc.sweep();
    expect(await payment(reference)).toMatchObject({ status: 'captured', capturedAmount: 800 });
  });

  it('stops a charge at the hold and never captures more than was held', async () => {
    charger.state.onStart = 'start';
    const hold = (amount: number) =>
      t.database.db
        .update(operators)
        .set({ adhocHoldAmount: amount })
        .where(eq(operators.name, 'Voltline İstanbul'));
    await hold(500);
    try {
      const { reference } = await pay('PAY-1*1', '4242424242424242');
      // With no page open, the sweep (every 5 s) notices the charge; the test sweeps at once.
      await until(async () => {
        await t.app.services.adhoc.sweep();
        return (await payment(reference)).status === 'charging';
      });
      const token = (await payment(reference)).token;
      await until(() => Promise.resolve(charger.started.get(token)));
      // 0.6 kWh at ₺8.00 is ₺4.80: past 95 % of the ₺5.00 hold.
      await charger.meterValues(token, 600);
      await until(async () => {
        await t.app.services.adhoc.sweep();
        return (await payment(reference)).stopCause === 'limit';
      });
      await charger.stop(token, 700);
      await t.app.services.adhoc.sweep();
      const row = await payment(reference);
      expect(row).toMatchObject({
        status: 'captured',
        capturedAmount: 500,
        releasedAmount: 0,
        uncollectedAmount: 60,
      });
      const v = await state(reference);
      expect(v.stopNote).toBe(
        'The charge cost ₺5.60; ₺5.00 held on your card was the most that could be taken.',
      );
    } finally {
      await hold(20000);
    }
  });

  it('refuses a bad e-mail and an offline charger in words, and a webhook without its signature', async () => {
    const bad = await form('/pay/PAY-1*1', { email: 'not-an-address' });
    expect(bad.statusCode).toBe(422);
    expect(bad.body).toContain('This e-mail address is not valid');
    await t.database.db
      .update(chargePoints)
      .set({ connected: false })
      .where(eq(chargePoints.chargePointId, 'PAY-1'));
    try {
      const offline = await form('/pay/PAY-1*1', {});
      expect(offline.statusCode).toBe(409);
      expect(offline.body).toContain('This charger is offline right now');
    } finally {
      await t.database.db
        .update(chargePoints)
        .set({ connected: true })
        .where(eq(chargePoints.chargePointId, 'PAY-1'));
    }
    const forged = await t.app.inject({
      method: 'POST',
      url: '/pay/webhooks/sandbox',
      payload: JSON.stringify({ id: 'evt_1', reference: 'x' }),
      headers: { 'content-type': 'application/json', 'x-voltline-sandbox-signature': 'nope' },
    });
    expect(forged.statusCode).toBe(400);
    // A stranger's address may ask for a few holds a minute, then is refused.
    const flood: number[] = [];
    for (let i = 0; i <= PAY_PER_MINUTE; i++) {
      const r = await t.app.inject({
        method: 'POST',
        url: '/pay/NOPE*1',
        payload: '',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        remoteAddress: '10.99.0.1',
      });
      flood.push(r.statusCode);
    }
    expect(flood.slice(0, PAY_PER_MINUTE).every((s) => s === 404)).toBe(true);
    expect(flood.at(-1)).toBe(429);
    const unknown = await t.app.inject({
      method: 'POST',
      url: '/pay/webhooks/paypal',
      payload: '{}',
      headers: { 'content-type': 'application/json' },
    });
    expect(unknown.statusCode).toBe(404);
  });
  it('keeps the money invariants of every payment above: what was held is captured or released, once', async () => {
    const rows = await t.database.db.select().from(adhocPayments);
    expect(rows.length).toBeGreaterThan(5);
    const broken: string[] = [];
    for (const p of rows) {
      const label = `payment ${p.id} (${p.status}, ${p.failure ?? 'no failure'})`;
      const ledger = p.providerRef
        ? await t.database.db.select().from(paymentLedger).where(eq(paymentLedger.providerRef, p.providerRef))
        : [];
      const captures = ledger.filter((e) => e.kind === 'capture');
      const [session] = p.sessionId
        ? await t.database.db.select().from(chargingSessions).where(eq(chargingSessions.id, p.sessionId))
        : [];
      const [line] = p.sessionId
        ? await t.database.db.select().from(payments).where(eq(payments.sessionId, p.sessionId))
        : [];
      if (p.status === 'captured') {
        if (p.capturedAmount + p.releasedAmount !== p.holdAmount)
          broken.push(`${label}: captured + released ≠ hold`);
        if (p.capturedAmount + p.uncollectedAmount !== session?.cost)
          broken.push(`${label}: captured + uncollected ≠ cost`);
        if (captures.length !== 1 || captures[0]!.amount !== p.capturedAmount)
          broken.push(`${label}: ledger ${JSON.stringify(captures)}`);
        if (p.refundedAmount > p.capturedAmount) broken.push(`${label}: refunded more than captured`);
        if (line?.gateway !== p.provider || line.refundedAmount !== p.refundedAmount)
          broken.push(`${label}: payment line ${JSON.stringify(line)}`);
      } else {
        if (p.capturedAmount !== 0 || captures.length !== 0) broken.push(`${label}: money captured`);
        if (p.status === 'released' && p.releasedAmount !== p.holdAmount)
          broken.push(`${label}: hold not released`);
        if (session && (session.cost ?? 0) !== 0 && session.state !== 'refused')
          broken.push(`${label}: a billed session`);
      }
    }
    expect(broken).toEqual([]);
  });
});
