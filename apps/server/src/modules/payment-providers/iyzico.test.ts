import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startIyzicoStandin } from '../../../test/iyzico-standin.js';
import { iyzicoProvider } from './iyzico.js';
import { memoryLedger, type HoldRequest, type PaymentLedger, type PaymentProvider } from './provider.js';

let standin: Awaited<ReturnType<typeof startIyzicoStandin>>;
let ledger: PaymentLedger;
let iyzico: PaymentProvider;
let n = 0;

const provider = (l: PaymentLedger) =>
  iyzicoProvider({ apiKey: standin.apiKey, secretKey: standin.secretKey, apiUrl: standin.url, ledger: l });

function request(amount: number): HoldRequest {
  n += 1;
  return {
    amount,
    currency: 'TRY',
    reference: `pay-${n}`,
    description: 'Şarj: VL-0001-1',
    language: 'tr',
    returnUrl: `https://voltline.example/pay/VL-0001-1/return?payment=pay-${n}`,
    idempotencyKey: `hold-${n}`,
  };
}

async function paidHold(
  amount: number,
  card: Parameters<typeof standin.pay>[1] = 'approve',
  shape: Parameters<typeof standin.pay>[2] = 'failure',
) {
  const hold = await iyzico.createHold(request(amount));
  standin.pay(hold.providerRef, card, shape);
  return hold.providerRef;
}

const callsTo = (path: string) => standin.calls.filter((c) => c.path === path);

beforeAll(async () => {
  standin = await startIyzicoStandin();
  ledger = memoryLedger();
  iyzico = provider(ledger);
});
afterAll(() => standin.close());

describe('iyzico', () => {
  it('opens a pre-authorization checkout form with the exact price as a decimal string', async () => {
    const r = request(1999);
    const hold = await iyzico.createHold(r);
    expect(hold.formUrl).toBe(`${standin.url}/?token=${hold.providerRef}&lang=tr`);
    const init = callsTo('/payment/iyzipos/checkoutform/initialize/preauth/ecom').at(-1);
    expect(init?.params).toMatchObject({
      price: '19.99',
      paidPrice: '19.99',
      currency: 'TRY',
      conversationId: r.reference,
      basketId: r.reference,
      callbackUrl: r.returnUrl,
      locale: 'tr',
      basketItems: [{ price: '19.99', itemType: 'VIRTUAL' }],
    });
    expect(String(init?.headers.authorization)).toMatch(/^IYZWSv2 /);
    expect(await iyzico.getHold(hold.providerRef)).toMatchObject({ status: 'pending', authorizedAmount: 0 });
    await expect(iyzico.createHold({ ...r, currency: 'JPY' })).rejects.toMatchObject({ code: 'bad_request' });
  });

  it('holds, captures part (the rest released), refunds in parts up to the captured amount', async () => {
    const ref = await paidHold(5000);
    const paymentId = String(standin.form(ref)?.paymentId);
    expect(await iyzico.getHold(ref)).toMatchObject({
      status: 'authorized',
      authorizedAmount: 5000,
      currency: 'TRY',
    });

    expect(await iyzico.capture(ref, 3210, 'cap-1')).toMatchObject({ amount: 3210, released: 1790 });
    expect(callsTo('/payment/postauth').at(-1)?.params).toMatchObject({
      paymentId,
      paidPrice: '32.1',
      currency: 'TRY',
      conversationId: 'cap-1',
    });
    expect(await iyzico.refund(ref, 1000, 'ref-1')).toMatchObject({ amount: 1000, refundedTotal: 1000 });
    expect(await iyzico.refund(ref, 2000, 'ref-2')).toMatchObject({ amount: 2000, refundedTotal: 3000 });
    await expect(iyzico.refund(ref, 211, 'ref-3')).rejects.toMatchObject({ code: 'amount_too_large' });
    // The same key again is answered from the ledger and refunds nothing more.
    expect(await iyzico.refund(ref, 2000, 'ref-2')).toMatchObject({ amount: 2000, refundedTotal: 3000 });
    expect(callsTo('/payment/refund').map((c) => [c.params.price, c.params.conversationId])).toEqual([
      ['10.0', 'ref-1'],
      ['20.0', 'ref-2'],
    ]);
    expect(standin.form(ref)).toMatchObject({ captured: 3210, refunded: 3000 });
    expect(await iyzico.getHold(ref)).toMatchObject({
      status: 'captured',
      capturedAmount: 3210,
      refundedAmount: 3000,
    });
  });

  it('keeps amounts exact: 0.10 and 0.20 refunded make the 0.30 captured, no more', async () => {
    const ref = await paidHold(30);
    await iyzico.capture(ref, 30, 'cap-tiny');
    expect(callsTo('/payment/postauth').at(-1)?.params.paidPrice).toBe('0.3');
    await iyzico.refund(ref, 10, 'tiny-1');
    expect(await iyzico.refund(ref, 20, 'tiny-2')).toMatchObject({ refundedTotal: 30 });
    await expect(iyzico.refund(ref, 1, 'tiny-3')).rejects.toMatchObject({ code: 'amount_too_large' });
    expect(standin.form(ref)).toMatchObject({ captured: 30, refunded: 30 });
  });

  it('never captures twice: the same key answers the first capture, another key is refused', async () => {
    const ref = await paidHold(4000);
    const before = callsTo('/payment/postauth').length;
    const first = await iyzico.capture(ref, 2500, 'cap-twice');
    expect(await iyzico.capture(ref, 2500, 'cap-twice')).toEqual(first);
    await expect(iyzico.capture(ref, 100, 'cap-other')).rejects.toMatchObject({ code: 'already_captured' });
    expect(callsTo('/payment/postauth')).toHaveLength(before + 1);
    // A ledger that lost the capture (the caller did not persist it): iyzico itself refuses a
    // second post-auth, and the captured amount stays the first one.
    await expect(provider(memoryLedger()).capture(ref, 2500, 'cap-lost')).rejects.toMatchObject({
      code: 'bad_request',
    });
    expect(standin.form(ref)).toMatchObject({ captured: 2500 });
  });

  it('refuses to capture more than the hold, before asking iyzico', async () => {
    const ref = await paidHold(1000);
    const before = callsTo('/payment/postauth').length;
    await expect(iyzico.capture(ref, 1001, 'cap-big')).rejects.toMatchObject({ code: 'amount_too_large' });
    expect(callsTo('/payment/postauth')).toHaveLength(before);
  });

  it.each(['failure', 'paymentStatus'] as const)(
    'tells a declined card, insufficient funds and an expired card apart (answered as %s)',
    async (shape) => {
      const declined = await paidHold(1500, 'decline', shape);
      expect(await iyzico.getHold(declined)).toMatchObject({ status: 'declined', refusal: 'card_declined' });
      await expect(iyzico.capture(declined, 1500, `cap-declined-${shape}`)).rejects.toMatchObject({
        code: 'not_authorized',
      });
      await iyzico.release(declined, `rel-declined-${shape}`);
      expect(
        callsTo('/payment/cancel').filter((c) => c.params.conversationId === `rel-declined-${shape}`),
      ).toEqual([]);
      const poor = await paidHold(1500, 'insufficient', shape);
      expect(await iyzico.getHold(poor)).toMatchObject({ status: 'declined', refusal: 'insufficient_funds' });
      const old = await paidHold(1500, 'expired', shape);
      expect(await iyzico.getHold(old)).toMatchObject({ status: 'declined', refusal: 'expired' });
    },
  );

  it("takes iyzico's own failures and the bank's outage for an unavailable provider, not a declined card", async () => {
    const ref = await paidHold(1500);
    standin.failNext('1001', 'api bilgileri bulunamadı');
    await expect(iyzico.getHold(ref)).rejects.toMatchObject({ code: 'provider_unavailable' });
    standin.failNext('1', 'Sistem hatası', 'SYSTEM_ERROR');
    await expect(iyzico.getHold(ref)).rejects.toMatchObject({ code: 'provider_unavailable' });
    standin.failNext('10219', 'Bankaya gönderilen istek zaman aşımına uğradı');
    await expect(iyzico.getHold(ref)).rejects.toMatchObject({ code: 'provider_unavailable' });
    // The card itself was fine all along.
    expect(await iyzico.getHold(ref)).toMatchObject({ status: 'authorized', authorizedAmount: 1500 });
  });

  it('releases a hold with a cancel, once', async () => {
    const ref = await paidHold(2000);
    await iyzico.release(ref, 'rel-1');
    await iyzico.release(ref, 'rel-1');
    const cancels = callsTo('/payment/cancel').filter((c) => c.params.conversationId === 'rel-1');
    expect(cancels).toHaveLength(1);
    expect(cancels[0]?.params.paymentId).toBe(standin.form(ref)?.paymentId);
    expect(await iyzico.getHold(ref)).toMatchObject({ status: 'canceled' });
    await expect(iyzico.capture(ref, 2000, 'cap-after-release')).rejects.toMatchObject({ code: 'canceled' });
  });

  it('accepts a webhook iyzico signed and refuses one signed otherwise or altered', async () => {
    const ref = await paidHold(1200);
    const good = standin.signedEvent(ref, 'SUCCESS');
    expect(iyzico.parseWebhook(good.body, good.headers)).toMatchObject({
      kind: 'hold.authorized',
      providerRef: ref,
      reference: standin.form(ref)?.conversationId,
    });
    const forged = standin.signedEvent(ref, 'SUCCESS', 'sandbox-not-ours');
    expect(() => iyzico.parseWebhook(forged.body, forged.headers)).toThrow(
      expect.objectContaining({ code: 'bad_signature' }),
    );
    const altered = Buffer.from(good.body.toString().replace('"SUCCESS"', '"FAILURE"'));
    expect(() => iyzico.parseWebhook(altered, good.headers)).toThrow(
      expect.objectContaining({ code: 'bad_signature' }),
    );
    expect(() => iyzico.parseWebhook(Buffer.from('nonsense'), good.headers)).toThrow(
      expect.objectContaining({ code: 'bad_signature' }),
    );
  });

  it('refuses calls signed with another key, and says when iyzico cannot be reached', async () => {
    const wrong = iyzicoProvider({
      apiKey: standin.apiKey,
      secretKey: 'sandbox-wrong',
      apiUrl: standin.url,
      ledger,
    });
    await expect(wrong.createHold(request(100))).rejects.toMatchObject({
      code: 'provider_unavailable',
      detail: '1001 api bilgileri bulunamadı',
    });
    const down = iyzicoProvider({ apiKey: 'k', secretKey: 's', apiUrl: 'http://127.0.0.1:9', ledger });
    await expect(down.getHold('token')).rejects.toMatchObject({ code: 'provider_unavailable' });
  });
});
