// eslint-disable-next-line @typescript-eslint/triple-slash-reference -- the SDK ships no types, and programs that reach this file by import (e2e) must see them
/// <reference path="./iyzipay.d.ts" />
import { createHmac, timingSafeEqual } from 'node:crypto';
import Iyzipay from 'iyzipay';
import { toDecimal, toMinor } from './decimal.js';
import { bankRefusal, call, cardRefusal, checked, send, str, type Answer } from './iyzico-answers.js';
import {
  captureOf,
  checkAmount,
  header,
  priorCapture,
  refuse,
  type Hold,
  type HoldRequest,
  type HoldState,
  type PaymentEvent,
  type PaymentLedger,
  type PaymentProvider,
  type RefundResult,
} from './provider.js';

export const IYZICO_SANDBOX_URL = 'https://sandbox-api.iyzipay.com';
const CURRENCIES = ['TRY', 'EUR', 'USD', 'GBP', 'CHF', 'NOK', 'RUB', 'IRR'];

export interface IyzicoOptions {
  apiKey: string;
  secretKey: string;
  /** iyzico's API (default: its sandbox), or the tests' stand-in. */
  apiUrl?: string;
  ledger: PaymentLedger;
}

/**
 * iyzico, through its official SDK, for Turkish cards. The hosted form is the Checkout Form in
 * pre-authorization mode (`checkoutFormInitializePreAuth`); capture is a post-auth of the final
 * amount (iyzico takes less than the hold and lets the rest go), release a cancel, refunds
 * `refund` on the payment's transaction. `providerRef` is the form's token.
 *
 * iyzico has no idempotency header. Our key travels as `conversationId`, which iyzico echoes, and
 * the caller's ledger is what makes a retry safe: a capture or refund whose key the ledger knows is
 * answered from it and never sent again, and a second post-auth of one payment is refused by
 * iyzico itself. The window left: iyzico refunds, and the process dies before the ledger records
 * it; the refund's retry would then refund again. The flow records a refund in the same
 * transaction as the ledger, and staff see the refunds iyzico lists in its merchant panel.
 *
 * A hold's conversationId is our payment reference, so iyzico's webhook carries it back.
 */
export function iyzicoProvider(options: IyzicoOptions): PaymentProvider {
  const client = new Iyzipay({
    apiKey: options.apiKey,
    secretKey: options.secretKey,
    uri: options.apiUrl ?? IYZICO_SANDBOX_URL,
  });
  const { ledger } = options;

  /**
   * The hosted form's payment. iyzico answers the retrieval of a form whose card the bank refused
   * either as a success with `paymentStatus: 'FAILURE'` or as a failure of the retrieval itself
   * (`status: 'failure'` with the bank's 10xxx code); both are a declined card here, not an outage.
   */
  async function form(token: string): Promise<Answer> {
    const f = await call(client.checkoutForm, 'retrieve', { token });
    if (f.status === 'failure' && bankRefusal(f) !== undefined) return { ...f, paymentStatus: 'FAILURE' };
    return checked(f);
  }
  /** The form's payment, once the driver paid: iyzico's paymentId, what it holds, its transaction. */
  async function paid(token: string) {
    const f = await form(token);
    if (f.paymentStatus !== 'SUCCESS') throw refuse('not_authorized', str(f.paymentStatus) || 'not paid');
    const items = (f.itemTransactions ?? []) as Answer[];
    return {
      paymentId: String(f.paymentId),
      held: toMinor(f.paidPrice as number),
      currency: String(f.currency),
      transactionId: str(items[0]?.paymentTransactionId),
    };
  }

  return {
    name: 'iyzico',

    async createHold(r: HoldRequest): Promise<Hold> {
      checkAmount(r.amount);
      if (!CURRENCIES.includes(r.currency)) throw refuse('bad_request', `iyzico does not take ${r.currency}`);
      const price = toDecimal(r.amount);
      const address = { contactName: 'Voltline driver', city: 'Istanbul', country: 'Turkey', address: 'n/a' };
      const f = await send(client.checkoutFormInitializePreAuth, 'create', {
        locale: r.language,
        conversationId: r.reference,
        price,
        paidPrice: price,
        currency: r.currency,
        basketId: r.reference,
        paymentGroup: 'PRODUCT',
        callbackUrl: r.returnUrl,
        enabledInstallments: [1],
        // iyzico requires a buyer; an ad-hoc driver has no account, so the payment stands for one.
        buyer: {
          id: r.reference,
          name: 'Voltline',
          surname: 'Driver',
          email: r.email ?? 'driver@voltline.invalid',
          identityNumber: '11111111111',
          registrationAddress: address.address,
          city: address.city,
          country: address.country,
          ip: '127.0.0.1',
        },
        billingAddress: address,
        basketItems: [
          { id: r.reference, name: r.description, category1: 'EV charging', itemType: 'VIRTUAL', price },
        ],
      });
      return { providerRef: String(f.token), formUrl: String(f.paymentPageUrl), status: 'pending' };
    },

    async getHold(token: string): Promise<HoldState> {
      const f = await form(token);
      const done = await ledger.ofHold(token);
      const capture = done.find((e) => e.kind === 'capture');
      const state: HoldState = {
        providerRef: token,
        status: 'pending',
        authorizedAmount: 0,
        capturedAmount: capture?.amount ?? 0,
        refundedAmount: done.filter((e) => e.kind === 'refund').reduce((s, e) => s + e.amount, 0),
        currency: str(f.currency),
      };
      if (f.paymentStatus === 'SUCCESS') {
        state.authorizedAmount = toMinor(f.paidPrice as number);
        state.status = capture
          ? 'captured'
          : done.some((e) => e.kind === 'release')
            ? 'canceled'
            : 'authorized';
      } else if (f.paymentStatus === 'FAILURE') {
        state.status = 'declined';
        state.refusal = cardRefusal(f.errorCode);
      }
      return state;
    },

    async capture(token, amount, key) {
      const prior = await priorCapture(ledger, token, key);
      if (prior) return prior;
      checkAmount(amount);
      const p = await paid(token);
      if (amount > p.held) throw refuse('amount_too_large', `${amount} > ${p.held}`);
      const a = await send(client.paymentPostAuth, 'create', {
        locale: 'en',
        conversationId: key,
        paymentId: p.paymentId,
        paidPrice: toDecimal(amount),
        currency: p.currency,
      });
      const items = (a.itemTransactions ?? []) as Answer[];
      const entry = {
        idempotencyKey: key,
        providerRef: token,
        kind: 'capture' as const,
        ref: str(items[0]?.paymentTransactionId) || p.transactionId,
        amount: toMinor(a.paidPrice as number),
        released: p.held - toMinor(a.paidPrice as number),
      };
      await ledger.record(entry);
      return captureOf(entry);
    },

    async release(token, key) {
      if (await ledger.find(key)) return;
      const done = await ledger.ofHold(token);
      if (done.some((e) => e.kind === 'capture')) throw refuse('already_captured');
      const f = await form(token);
      // An unpaid form holds nothing and expires by itself.
      if (f.paymentStatus !== 'SUCCESS') return;
      const c = await send(client.cancel, 'create', {
        locale: 'en',
        conversationId: key,
        paymentId: String(f.paymentId),
      });
      await ledger.record({
        idempotencyKey: key,
        providerRef: token,
        kind: 'release',
        ref: String(c.paymentId),
        amount: 0,
        released: toMinor(f.paidPrice as number),
      });
    },

    async refund(token, amount, key): Promise<RefundResult> {
      const refundedBefore = async () =>
        (await ledger.ofHold(token)).filter((e) => e.kind === 'refund').reduce((s, e) => s + e.amount, 0);
      const same = await ledger.find(key);
      if (same?.kind === 'refund')
        return { refundRef: same.ref, amount: same.amount, refundedTotal: await refundedBefore() };
      checkAmount(amount);
      const capture = (await ledger.ofHold(token)).find((e) => e.kind === 'capture');
      if (!capture) throw refuse('not_authorized', 'nothing captured to refund');
      if ((await refundedBefore()) + amount > capture.amount) throw refuse('amount_too_large');
      const p = await paid(token);
      const r = await send(client.refund, 'create', {
        locale: 'en',
        conversationId: key,
        paymentTransactionId: capture.ref,
        price: toDecimal(amount),
        currency: p.currency,
      });
      const refunded = toMinor(r.price as number);
      await ledger.record({
        idempotencyKey: key,
        providerRef: token,
        kind: 'refund',
        ref: String(r.hostReference ?? r.paymentTransactionId),
        amount: refunded,
        released: 0,
      });
      return {
        refundRef: String(r.hostReference ?? r.paymentTransactionId),
        amount: refunded,
        refundedTotal: await refundedBefore(),
      };
    },

    /** iyzico's hosted-page webhook, signed in `X-IYZ-SIGNATURE-V3` (see docs/payments.md). */
    parseWebhook(raw, headers): PaymentEvent {
      let body: Answer;
      try {
        body = JSON.parse(raw.toString('utf8')) as Answer;
      } catch {
        throw refuse('bad_signature', 'not JSON');
      }
      const s = (k: string) => str(body[k]);
      const signed = [
        s('iyziEventType'),
        s('iyziPaymentId'),
        s('token'),
        s('paymentConversationId'),
        s('status'),
      ];
      const expected = createHmac('sha256', options.secretKey)
        .update(options.secretKey + signed.join(''))
        .digest();
      const given = Buffer.from(header(headers, 'x-iyz-signature-v3'), 'hex');
      if (given.length !== expected.length || !timingSafeEqual(given, expected))
        throw refuse('bad_signature');
      const ok = s('status') === 'SUCCESS';
      return {
        kind: ok ? 'hold.authorized' : s('status') === 'FAILURE' ? 'hold.declined' : 'other',
        eventId: s('iyziReferenceCode'),
        providerType: s('iyziEventType'),
        reference: s('paymentConversationId'),
        providerRef: s('token'),
      };
    },
  };
}
