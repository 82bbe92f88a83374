import { createHmac, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { parseForm, readText, type RecordedCall } from './standin-http.js';

export type { RecordedCall };

export type Card = 'approve' | 'decline' | 'insufficient' | 'expired';
type Obj = Record<string, unknown>;

/**
 * A local stand-in for the parts of Stripe's API Voltline calls (Checkout Sessions, PaymentIntents,
 * Refunds), following Stripe's published request and response shapes: form-encoded bodies with
 * bracketed keys, `{ error: { type, code, decline_code, param, message } }` on failure, and the
 * Idempotency-Key rule (the same key answers the first response again and does nothing; the same
 * key with other parameters is refused). It records every call so tests can assert them, and a test
 * decides what the driver's card does on the hosted form (`pay`).
 */
export async function startStripeStandin() {
  const calls: RecordedCall[] = [];
  const sessions = new Map<string, Obj>();
  const intents = new Map<string, Obj>();
  const refunds: Obj[] = [];
  const replies = new Map<string, { fingerprint: string; status: number; body: unknown }>();
  const id = (prefix: string) => `${prefix}_${randomBytes(12).toString('hex')}`;
  let base = '';

  const fail = (status: number, error: Obj) => ({
    status,
    body: { error: { type: 'invalid_request_error', ...error } },
  });
  const ok = (body: unknown) => ({ status: 200, body });

  function handle(method: string, path: string, p: Obj): { status: number; body: unknown } {
    let m: RegExpMatchArray | null;
    if (method === 'POST' && path === '/v1/checkout/sessions') {
      const item = (p.line_items as Obj[] | undefined)?.[0];
      const price = (item?.price_data ?? {}) as Obj;
      const s: Obj = {
        id: id('cs_test'),
        object: 'checkout.session',
        mode: p.mode,
        status: 'open',
        payment_status: 'unpaid',
        amount_total: Number(price.unit_amount) * Number(item?.quantity ?? 1),
        currency: price.currency,
        client_reference_id: p.client_reference_id ?? null,
        customer_email: p.customer_email ?? null,
        locale: p.locale ?? null,
        metadata: p.metadata ?? {},
        payment_intent: null,
        success_url: p.success_url,
        cancel_url: p.cancel_url,
        url: '',
        _intentData: p.payment_intent_data ?? {},
      };
      s.url = `${base}/c/pay/${String(s.id)}`;
      sessions.set(String(s.id), s);
      return ok(view(s));
    }
    if ((m = path.match(/^\/v1\/checkout\/sessions\/([^/]+)(\/expire)?$/))) {
      const s = sessions.get(m[1] ?? '');
      if (!s)
        return fail(404, {
          code: 'resource_missing',
          param: 'session',
          message: `No such checkout.session: '${m[1]}'`,
        });
      if (m[2]) {
        if (s.status !== 'open')
          return fail(400, { message: 'Only Checkout Sessions with a status of open can be expired.' });
        s.status = 'expired';
        // Expiring a session cancels the intent of its declined attempts, as Stripe does.
        const pi = typeof s.payment_intent === 'string' ? intents.get(s.payment_intent) : undefined;
        if (pi) Object.assign(pi, { status: 'canceled', canceled_at: now() });
      }
      const out = view(s);
      const expand = (p.expand as string[] | undefined) ?? [];
      if (expand.includes('payment_intent') && typeof s.payment_intent === 'string') {
        out.payment_intent = intents.get(s.payment_intent);
      }
      return ok(out);
    }
    if ((m = path.match(/^\/v1\/payment_intents\/([^/]+)(?:\/(capture|cancel))?$/))) {
      const pi = intents.get(m[1] ?? '');
      if (!pi)
        return fail(404, {
          code: 'resource_missing',
          param: 'intent',
          message: `No such payment_intent: '${m[1]}'`,
        });
      const action = m[2];
      if (
        action &&
        pi.status !== 'requires_capture' &&
        !(action === 'cancel' && pi.status === 'requires_payment_method')
      ) {
        return fail(400, {
          code: 'payment_intent_unexpected_state',
          message: `This PaymentIntent could not be ${action === 'capture' ? 'captured' : 'canceled'} because it has a status of ${String(pi.status)}.`,
          payment_intent: pi,
        });
      }
      if (action === 'capture') {
        const amount =
          p.amount_to_capture === undefined ? Number(pi.amount_capturable) : Number(p.amount_to_capture);
        if (amount > Number(pi.amount_capturable)) {
          return fail(400, {
            code: 'amount_too_large',
            param: 'amount_to_capture',
            message: 'The amount to capture is greater than the amount capturable.',
          });
        }
        Object.assign(pi, {
          status: 'succeeded',
          amount_received: amount,
          amount_capturable: 0,
          latest_charge: id('ch'),
        });
      }
      if (action === 'cancel')
        Object.assign(pi, { status: 'canceled', amount_capturable: 0, canceled_at: now() });
      return ok(pi);
    }
    if (method === 'POST' && path === '/v1/refunds') {
      const pi = intents.get(String(p.payment_intent));
      if (!pi)
        return fail(404, {
          code: 'resource_missing',
          param: 'payment_intent',
          message: 'No such payment_intent',
        });
      if (pi.status !== 'succeeded')
        return fail(400, { code: 'charge_not_captured', message: 'This payment has not been captured.' });
      const left = Number(pi.amount_received) - refundedOn(String(pi.id));
      const amount = p.amount === undefined ? left : Number(p.amount);
      if (left === 0)
        return fail(400, {
          code: 'charge_already_refunded',
          message: `Charge ${String(pi.latest_charge)} has already been refunded.`,
        });
      if (amount > left) {
        return fail(400, {
          param: 'amount',
          message: `Refund amount (${amount}) is greater than unrefunded amount on charge (${left})`,
        });
      }
      const r = {
        id: id('re'),
        object: 'refund',
        amount,
        currency: pi.currency,
        payment_intent: pi.id,
        charge: pi.latest_charge,
        status: 'succeeded',
        created: now(),
      };
      refunds.push(r);
      return ok(r);
    }
    if (method === 'GET' && path === '/v1/refunds') {
      const data = refunds.filter((r) => r.payment_intent === p.payment_intent);
      return ok({ object: 'list', data, has_more: false, url: '/v1/refunds' });
    }
    return fail(404, { message: `Unrecognized request URL (${method}: ${path}).` });
  }

  function refundedOn(piId: string) {
    return refunds.filter((r) => r.payment_intent === piId).reduce((s, r) => s + Number(r.amount), 0);
  }

  async function serve(req: IncomingMessage, res: ServerResponse) {
    const url = new URL(req.url ?? '/', 'http://x');
    const raw = await readText(req);
    const params = parseForm(req.method === 'GET' ? url.search.slice(1) : raw);
    calls.push({ method: req.method ?? '', path: url.pathname, params, headers: req.headers });
    let reply: { status: number; body: unknown };
    const key = req.headers['idempotency-key'];
    const fingerprint = `${req.method} ${url.pathname} ${raw}`;
    const seen = typeof key === 'string' ? replies.get(key) : undefined;
    if (req.headers.authorization !== `Bearer ${secretKey}`) {
      reply = {
        status: 401,
        body: { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } },
      };
    } else if (seen && seen.fingerprint !== fingerprint) {
      reply = {
        status: 400,
        body: {
          error: {
            type: 'idempotency_error',
            message:
              'Keys for idempotent requests can only be used with the same parameters they were first used with.',
          },
        },
      };
    } else if (seen) {
      res.setHeader('Idempotent-Replayed', 'true');
      reply = seen;
    } else {
      reply = handle(req.method ?? '', url.pathname, params);
      if (typeof key === 'string' && req.method === 'POST') replies.set(key, { fingerprint, ...reply });
    }
    res.writeHead(reply.status, { 'Content-Type': 'application/json', 'Request-Id': id('req') });
    res.end(JSON.stringify(reply.body));
  }

  const secretKey = `sk_test_${randomBytes(12).toString('hex')}`;
  const webhookSecret = `whsec_${randomBytes(16).toString('hex')}`;
  const server = createServer((req, res) => void serve(req, res));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url: base,
    secretKey,
    webhookSecret,
    calls,
    /** Calls other than the provider's own status reads. */
    writes: () => calls.filter((c) => c.method === 'POST'),
    intent: (piId: string) => intents.get(piId),
    /** A Checkout Session as Stripe shows it (the object of its `checkout.session.*` events). */
    session: (sessionId: string) => {
      const s = sessions.get(sessionId);
      return s ? view(s) : undefined;
    },
    /** The driver submits the hosted form with a card of the given fate. */
    pay(sessionId: string, card: Card) {
      const s = sessions.get(sessionId);
      if (!s) throw new Error(`no session ${sessionId}`);
      const data = s._intentData as Obj;
      const pi: Obj = {
        id: id('pi'),
        object: 'payment_intent',
        amount: s.amount_total,
        amount_capturable: 0,
        amount_received: 0,
        currency: s.currency,
        capture_method: data.capture_method ?? 'automatic',
        description: data.description ?? null,
        metadata: data.metadata ?? {},
        status: 'requires_payment_method',
        latest_charge: null,
        last_payment_error: null,
      };
      intents.set(String(pi.id), pi);
      s.payment_intent = pi.id;
      if (card === 'approve') {
        Object.assign(pi, { status: 'requires_capture', amount_capturable: pi.amount });
        Object.assign(s, { status: 'complete' });
      } else {
        const decline = {
          decline: 'generic_decline',
          insufficient: 'insufficient_funds',
          expired: 'expired_card',
        }[card];
        pi.last_payment_error = {
          type: 'card_error',
          code: card === 'expired' ? 'expired_card' : 'card_declined',
          decline_code: decline,
          message: 'Your card was declined.',
        };
      }
      return pi;
    },
    /** A webhook as Stripe sends it: `Stripe-Signature: t=<unix>,v1=HMAC-SHA256(secret, t.payload)`. */
    signedEvent(type: string, object: Obj, secret = webhookSecret) {
      const payload = JSON.stringify({
        id: id('evt'),
        object: 'event',
        type,
        created: now(),
        data: { object },
        api_version: '2025-01-01',
      });
      const t = now();
      const v1 = createHmac('sha256', secret).update(`${t}.${payload}`).digest('hex');
      return { body: Buffer.from(payload), headers: { 'stripe-signature': `t=${t},v1=${v1}` } };
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const now = () => Math.floor(Date.now() / 1000);

function view(s: Obj): Obj {
  const { _intentData: _hidden, ...rest } = s;
  return rest;
}
