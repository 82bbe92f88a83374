import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/helper.js';
import { memoryLedger, type HoldRequest, type PaymentLedger } from './provider.js';
import { expired, SANDBOX_SIGNATURE_HEADER, sandboxProvider, type SandboxProvider } from './sandbox.js';

let n = 0;
function request(amount: number, over: Partial<HoldRequest> = {}): HoldRequest {
  n += 1;
  return {
    amount,
    currency: 'TRY',
    reference: `pay-${n}`,
    description: 'Charging at <VL-0001-1>',
    language: 'en',
    returnUrl: `http://voltline.test/pay/VL-0001-1/return?payment=pay-${n}`,
    idempotencyKey: `hold-${n}`,
    ...over,
  };
}

describe('the sandbox provider', () => {
  let ledger: PaymentLedger;
  let sandbox: SandboxProvider;
  const notified: { body: Buffer; headers: Record<string, string> }[] = [];
  beforeAll(() => {
    ledger = memoryLedger();
    sandbox = sandboxProvider({
      publicUrl: 'http://voltline.test',
      ledger,
      webhookSecret: 'sandbox-secret',
      notify: (body, headers) => notified.push({ body, headers }),
    });
  });
  const paid = async (amount: number, number = '4242 4242 4242 4242') => {
    const hold = await sandbox.createHold(request(amount));
    sandbox.submitCard(hold.providerRef, { number, expiry: '12/99' });
    return hold.providerRef;
  };

  it('holds, captures part (the rest released), refunds in parts up to the captured amount', async () => {
    const r = request(5000);
    const hold = await sandbox.createHold(r);
    expect(hold).toMatchObject({
      status: 'pending',
      formUrl: `http://voltline.test/pay/sandbox/${hold.providerRef}`,
    });
    expect((await sandbox.createHold(r)).providerRef).toBe(hold.providerRef);
    sandbox.submitCard(hold.providerRef, { number: '4242424242424242', expiry: '12/99' });
    const ref = hold.providerRef;
    expect(await sandbox.getHold(ref)).toMatchObject({ status: 'authorized', authorizedAmount: 5000 });
    expect(await sandbox.capture(ref, 3210, 'cap-1')).toMatchObject({ amount: 3210, released: 1790 });
    expect(await sandbox.refund(ref, 1000, 'ref-1')).toMatchObject({ refundedTotal: 1000 });
    expect(await sandbox.refund(ref, 2000, 'ref-2')).toMatchObject({ refundedTotal: 3000 });
    expect(await sandbox.refund(ref, 2000, 'ref-2')).toMatchObject({ refundedTotal: 3000 });
    await expect(sandbox.refund(ref, 211, 'ref-3')).rejects.toMatchObject({ code: 'amount_too_large' });
    expect(await sandbox.getHold(ref)).toMatchObject({
      status: 'captured',
      capturedAmount: 3210,
      refundedAmount: 3000,
    });
    expect((await ledger.ofHold(ref)).map((e) => [e.kind, e.amount])).toEqual([
      ['capture', 3210],
      ['refund', 1000],
      ['refund', 2000],
    ]);
  });

  it('never captures twice, and refuses more than the hold', async () => {
    const ref = await paid(4000);
    await expect(sandbox.capture(ref, 4001, 'cap-big')).rejects.toMatchObject({ code: 'amount_too_large' });
    const first = await sandbox.capture(ref, 2500, 'cap-twice');
    expect(await sandbox.capture(ref, 2500, 'cap-twice')).toEqual(first);
    await expect(sandbox.capture(ref, 100, 'cap-other')).rejects.toMatchObject({ code: 'already_captured' });
    expect((await ledger.ofHold(ref)).filter((e) => e.kind === 'capture')).toHaveLength(1);
  });

  it('declines the test cards that decline, and an expired card', async () => {
    expect(await sandbox.getHold(await paid(1500, '4000 0000 0000 0002'))).toMatchObject({
      status: 'declined',
      refusal: 'card_declined',
    });
    expect(await sandbox.getHold(await paid(1500, '4000000000009995'))).toMatchObject({
      status: 'declined',
      refusal: 'insufficient_funds',
    });
    const old = await sandbox.createHold(request(1500));
    sandbox.submitCard(old.providerRef, { number: '4242424242424242', expiry: '01/20' });
    expect(await sandbox.getHold(old.providerRef)).toMatchObject({ status: 'declined', refusal: 'expired' });
    await expect(sandbox.capture(old.providerRef, 1500, 'cap-declined')).rejects.toMatchObject({
      code: 'not_authorized',
    });
    expect(expired('11/26', new Date('2026-11-27'))).toBe(false);
    expect(expired('10/26', new Date('2026-11-27'))).toBe(true);
    expect(expired('13/30', new Date('2026-11-27'))).toBe(true);
  });

  it('releases a hold once, after which it cannot be captured', async () => {
    const ref = await paid(2000);
    await sandbox.release(ref, 'rel-1');
    await sandbox.release(ref, 'rel-1');
    expect(await sandbox.getHold(ref)).toMatchObject({ status: 'canceled', authorizedAmount: 0 });
    await expect(sandbox.capture(ref, 2000, 'cap-after-release')).rejects.toMatchObject({ code: 'canceled' });
    expect((await ledger.ofHold(ref)).map((e) => e.kind)).toEqual(['release']);
  });

  it('signs its webhooks, and refuses one signed otherwise or altered', async () => {
    const before = notified.length;
    const ref = await paid(1200);
    expect(notified).toHaveLength(before + 1);
    const sent = notified.at(-1);
    expect(sent && sandbox.parseWebhook(sent.body, sent.headers)).toMatchObject({
      kind: 'hold.authorized',
      providerRef: ref,
    });
    const w = sandbox.webhookFor(ref);
    expect(sandbox.parseWebhook(w.body, w.headers)).toMatchObject({ kind: 'hold.authorized' });
    const altered = Buffer.from(w.body.toString().replace('hold.authorized', 'hold.declined'));
    expect(() => sandbox.parseWebhook(altered, w.headers)).toThrow(
      expect.objectContaining({ code: 'bad_signature' }),
    );
    expect(() => sandbox.parseWebhook(w.body, { [SANDBOX_SIGNATURE_HEADER]: 'ab'.repeat(32) })).toThrow(
      expect.objectContaining({ code: 'bad_signature' }),
    );
  });
});

describe('the sandbox card page', () => {
  let t: TestApp;
  let sandbox: SandboxProvider;
  beforeAll(async () => {
    t = await createTestApp();
    sandbox = t.app.services.paymentProviders.sandbox;
  });
  afterAll(() => t.close());
  const post = (ref: string, form: Record<string, string>, lang = 'en') =>
    t.app.inject({
      method: 'POST',
      url: `/pay/sandbox/${ref}?lang=${lang}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(form).toString(),
    });

  it('shows an accessible card form in the hold language, with the amount, escaped description and test cards', async () => {
    const hold = await sandbox.createHold(request(1999, { language: 'tr' }));
    const r = await t.app.inject({ method: 'GET', url: new URL(hold.formUrl).pathname });
    expect(r.statusCode).toBe(200);
    expect(r.headers['content-type']).toContain('text/html');
    expect(r.body).toContain('<html lang="tr">');
    expect(r.body).toContain('₺19,99');
    expect(r.body).toContain('Charging at &lt;VL-0001-1&gt;');
    expect(r.body).toContain('<label for="number">Kart numarası</label>');
    expect(r.body).toContain('autocomplete="cc-number"');
    expect(r.body).toContain('4242 4242 4242 4242');
    expect(
      (await t.app.inject({ method: 'GET', url: `${new URL(hold.formUrl).pathname}?lang=en` })).body,
    ).toContain('Card number');
  });

  it('sends the driver on to the return URL once a test card is approved', async () => {
    const r0 = request(2500);
    const hold = await sandbox.createHold(r0);
    const r = await post(hold.providerRef, { number: '4242 4242 4242 4242', expiry: '12/99', cvc: '123' });
    expect(r.statusCode).toBe(303);
    expect(r.headers.location).toBe(r0.returnUrl);
    expect(await sandbox.getHold(hold.providerRef)).toMatchObject({
      status: 'authorized',
      authorizedAmount: 2500,
    });
    const after = await t.app.inject({ method: 'GET', url: `/pay/sandbox/${hold.providerRef}` });
    expect(after.body).toContain('This payment is authorized.');
  });

  it('says in words why a card was refused, in English and Turkish, and lets the driver try again', async () => {
    const hold = await sandbox.createHold(request(2500));
    const declined = await post(hold.providerRef, { number: '4000000000000002', expiry: '12/99', cvc: '1' });
    expect(declined.statusCode).toBe(402);
    expect(declined.body).toContain('role="alert"');
    expect(declined.body).toContain('Your card was declined.');
    const poor = await post(
      hold.providerRef,
      { number: '4000000000009995', expiry: '12/99', cvc: '1' },
      'tr',
    );
    expect(poor.body).toContain('Kartınızda yeterli bakiye yok.');
    const old = await post(hold.providerRef, { number: '4242424242424242', expiry: '01/21', cvc: '1' });
    expect(old.body).toContain('Your card has expired');
    const ok = await post(hold.providerRef, { number: '4242424242424242', expiry: '12/99', cvc: '1' });
    expect(ok.statusCode).toBe(303);
  });

  it('says what became of a hold that takes no card any more, instead of "declined"', async () => {
    const hold = await sandbox.createHold(request(2500));
    await sandbox.release(hold.providerRef, `release-${hold.providerRef}`);
    const r = await post(hold.providerRef, { number: '4242424242424242', expiry: '12/99', cvc: '1' });
    expect(r.statusCode).toBe(200);
    expect(r.body).toContain('This payment is canceled. You can close this page.');
    expect(r.body).not.toContain('declined');
  });

  it('answers an unknown or forgotten hold with a page that says so', async () => {
    const r = await t.app.inject({ method: 'GET', url: '/pay/sandbox/sbx_nothing?lang=tr' });
    expect(r.statusCode).toBe(404);
    expect(r.body).toContain('Bu ödeme bulunamadı.');
  });

  it('leaves the rest of the server refusing form bodies', async () => {
    const r = await t.app.inject({
      method: 'POST',
      url: '/api/portal/Auth/login',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'Email=a&Password=b',
    });
    expect(r.statusCode).toBe(415);
  });
});
