import { createHmac, randomBytes, randomInt } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { readText, type RecordedCall } from './standin-http.js';

export type IyzicoCard = 'approve' | 'decline' | 'insufficient' | 'expired';
/**
 * How the form of a refused card is told when Voltline retrieves it: as iyzico's API answers a
 * refusal (`status: 'failure'` with the bank's code) or as a retrieved payment that failed
 * (`status: 'success', paymentStatus: 'FAILURE'`). iyzico answers either.
 */
export type IyzicoDeclineShape = 'failure' | 'paymentStatus';
type Obj = Record<string, unknown>;

/** iyzico's documented card error codes for the fates a test can choose. */
const CARD_ERRORS = {
  decline: { errorCode: '10005', errorMessage: 'İşlem onaylanmadı', errorGroup: 'DO_NOT_HONOUR' },
  insufficient: {
    errorCode: '10051',
    errorMessage: 'Kart limiti yetersiz, yetersiz bakiye',
    errorGroup: 'NOT_SUFFICIENT_FUNDS',
  },
  expired: { errorCode: '10054', errorMessage: 'Son kullanma tarihi hatalı', errorGroup: 'EXPIRED_CARD' },
};

/**
 * A local stand-in for the parts of iyzico's API Voltline calls, following its published request
 * and response shapes: JSON bodies, `IYZWSv2` authorization (HMAC-SHA256 of random key, path and
 * body, checked here), prices as decimal strings in requests and numbers in answers, and
 * `{ status: 'failure', errorCode, errorMessage, errorGroup }` on refusal (a refused card's form
 * too, unless asked to answer it as `paymentStatus: 'FAILURE'`). Prices are kept in
 * hundredths, read only from strings of at most two decimals, so a float that leaked into a price
 * ("0.30000000000000004") is refused, as a test should notice. Records every call.
 * The 5xxx codes of its refusals are the stand-in's own (iyzico's documentation lists no codes
 * for them); the adapter reads only the documented 100xx card codes.
 */
export async function startIyzicoStandin() {
  const apiKey = `sandbox-${randomBytes(8).toString('hex')}`;
  const secretKey = `sandbox-${randomBytes(12).toString('hex')}`;
  const calls: RecordedCall[] = [];
  const forms = new Map<
    string,
    Obj & {
      held: number;
      captured: number | null;
      refunded: number;
      canceled: boolean;
      declineShape?: IyzicoDeclineShape;
    }
  >();
  /** Failures to answer the next calls with, whatever they ask (an outage, a key iyzico refuses). */
  const outages: Obj[] = [];
  const digits = () => String(randomInt(10_000_000, 99_999_999));
  let base = '';

  const failure = (errorCode: string, errorMessage: string, errorGroup?: string) => ({
    status: 'failure',
    errorCode,
    errorMessage,
    errorGroup,
    locale: 'tr',
    systemTime: Date.now(),
  });
  const success = (o: Obj) => ({ status: 'success', locale: 'tr', systemTime: Date.now(), ...o });
  const byPayment = (id: unknown) => [...forms.values()].find((f) => f.paymentId === String(id));
  const items = (f: Obj, paid: number) => [
    {
      itemId: f.basketId,
      paymentTransactionId: f.transactionId,
      transactionStatus: 2,
      price: f.price,
      paidPrice: paid / 100,
    },
  ];

  function handle(path: string, p: Obj): Obj {
    if (path === '/payment/iyzipos/checkoutform/initialize/preauth/ecom') {
      const held = hundredths(p.paidPrice);
      if (held === null || hundredths(p.price) !== held) return failure('5011', 'Geçersiz fiyat');
      const token = randomBytes(16).toString('hex');
      forms.set(token, {
        token,
        conversationId: p.conversationId,
        basketId: p.basketId,
        currency: p.currency,
        price: held / 100,
        callbackUrl: p.callbackUrl,
        held,
        captured: null,
        refunded: 0,
        canceled: false,
      });
      const signature = createHmac('sha256', secretKey)
        .update([p.conversationId, token].join(':'))
        .digest('hex');
      return success({
        conversationId: p.conversationId,
        token,
        tokenExpireTime: 1800,
        paymentPageUrl: `${base}/?token=${token}&lang=${String(p.locale)}`,
        checkoutFormContent: `<script src="${base}/form.js"></script>`,
        signature,
      });
    }
    if (path === '/payment/iyzipos/checkoutform/auth/ecom/detail') {
      const f = forms.get(String(p.token));
      if (!f) return failure('5067', 'Token bulunamadı');
      const {
        held: _h,
        captured: _c,
        refunded: _r,
        canceled: _x,
        transactionId: _t,
        declineShape,
        ...shown
      } = f;
      if (f.paymentStatus === 'FAILURE' && declineShape === 'failure') {
        return {
          ...failure(String(f.errorCode), String(f.errorMessage), String(f.errorGroup)),
          conversationId: f.conversationId,
          token: f.token,
        };
      }
      return success({
        ...shown,
        paidPrice: f.held / 100,
        phase: f.captured === null ? 'PRE_AUTH' : 'POST_AUTH',
        itemTransactions: f.paymentId ? items(f, f.held) : undefined,
      });
    }
    if (path === '/payment/postauth') {
      const f = byPayment(p.paymentId);
      const amount = hundredths(p.paidPrice);
      if (!f || f.paymentStatus !== 'SUCCESS') return failure('5002', 'Ödeme bulunamadı');
      if (amount === null) return failure('5011', 'Geçersiz fiyat');
      if (f.canceled || f.captured !== null)
        return failure('5093', 'Bu ödeme için post auth işlemi yapılamaz');
      if (amount > f.held) return failure('5094', 'Post auth tutarı ön provizyon tutarından büyük olamaz');
      f.captured = amount;
      return success({
        conversationId: p.conversationId,
        paymentId: f.paymentId,
        price: f.price,
        paidPrice: amount / 100,
        currency: f.currency,
        basketId: f.basketId,
        phase: 'POST_AUTH',
        itemTransactions: items(f, amount),
      });
    }
    if (path === '/payment/cancel') {
      const f = byPayment(p.paymentId);
      if (!f) return failure('5002', 'Ödeme bulunamadı');
      if (f.canceled) return failure('5095', 'Ödeme zaten iptal edilmiş');
      f.canceled = true;
      return success({
        conversationId: p.conversationId,
        paymentId: f.paymentId,
        price: f.held / 100,
        currency: f.currency,
        hostReference: digits(),
      });
    }
    if (path === '/payment/refund') {
      const f = [...forms.values()].find((x) => x.transactionId === String(p.paymentTransactionId));
      const amount = hundredths(p.price);
      if (!f || f.captured === null) return failure('5002', 'Ödeme bulunamadı');
      if (amount === null) return failure('5011', 'Geçersiz fiyat');
      if (f.refunded + amount > f.captured)
        return failure('5097', 'İade tutarı, iade edilebilir tutardan büyük olamaz');
      f.refunded += amount;
      return success({
        conversationId: p.conversationId,
        paymentId: f.paymentId,
        paymentTransactionId: f.transactionId,
        price: amount / 100,
        currency: f.currency,
        hostReference: digits(),
      });
    }
    return failure('5000', `Bilinmeyen istek: ${path}`);
  }

  /** The SDK's `IYZWSv2` header: base64 of `apiKey:…&randomKey:…&signature:HMAC(secret, rnd+path+body)`. */
  function authorized(req: IncomingMessage, path: string, raw: string): boolean {
    const value = String(req.headers.authorization ?? '');
    if (!value.startsWith('IYZWSv2 ')) return false;
    const fields = Object.fromEntries(
      Buffer.from(value.slice(8), 'base64')
        .toString()
        .split('&')
        .map((kv) => [kv.slice(0, kv.indexOf(':')), kv.slice(kv.indexOf(':') + 1)]),
    );
    const expected = createHmac('sha256', secretKey)
      .update(`${fields.randomKey ?? ''}${path}${raw}`)
      .digest('hex');
    return fields.apiKey === apiKey && fields.signature === expected;
  }

  async function serve(req: IncomingMessage, res: ServerResponse) {
    const path = new URL(req.url ?? '/', 'http://x').pathname;
    const raw = await readText(req);
    const params = (raw ? JSON.parse(raw) : {}) as Obj;
    calls.push({ method: req.method ?? '', path, params, headers: req.headers });
    const answer =
      outages.shift() ??
      (authorized(req, path, raw) ? handle(path, params) : failure('1001', 'api bilgileri bulunamadı'));
    res.writeHead(200, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify(answer));
  }

  const server = createServer((req, res) => void serve(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url: base,
    apiKey,
    secretKey,
    calls,
    form: (token: string) => forms.get(token),
    /** The next call is answered with iyzico's failure of this code and group, whatever it asks. */
    failNext(errorCode: string, errorMessage: string, errorGroup?: string) {
      outages.push(failure(errorCode, errorMessage, errorGroup));
    },
    /** The driver submits iyzico's hosted form with a card of the given fate. */
    pay(token: string, card: IyzicoCard, declineShape: IyzicoDeclineShape = 'failure') {
      const f = forms.get(token);
      if (!f) throw new Error(`no form ${token}`);
      if (card === 'approve')
        Object.assign(f, {
          paymentStatus: 'SUCCESS',
          paymentId: digits(),
          transactionId: digits(),
          authCode: digits().slice(0, 6),
        });
      else Object.assign(f, { paymentStatus: 'FAILURE', declineShape, ...CARD_ERRORS[card] });
      return f;
    },
    /** A hosted-page webhook as iyzico sends it, signed in X-IYZ-SIGNATURE-V3. */
    signedEvent(token: string, status: 'SUCCESS' | 'FAILURE', secret = secretKey) {
      const f = forms.get(token);
      const body = {
        paymentConversationId: f?.conversationId,
        merchantId: 3382172,
        token,
        status,
        iyziReferenceCode: randomBytes(8).toString('hex'),
        iyziEventType: 'CHECKOUT_FORM_AUTH',
        iyziEventTime: Date.now(),
        iyziPaymentId: Number(f?.paymentId ?? 0),
      };
      const key = `${secret}${body.iyziEventType}${body.iyziPaymentId}${token}${String(body.paymentConversationId)}${status}`;
      return {
        body: Buffer.from(JSON.stringify(body)),
        headers: { 'x-iyz-signature-v3': createHmac('sha256', secret).update(key).digest('hex') },
      };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** "19.99", "20.0" → 1999, 2000; anything else (more decimals, exponents, numbers) → null. */
function hundredths(v: unknown): number | null {
  const m = typeof v === 'string' ? /^(\d+)(?:\.(\d{1,2}))?$/.exec(v) : null;
  return m ? Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0')) : null;
}
