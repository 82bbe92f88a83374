import { acceptHtmlForms } from '../../lib/html-forms.js';
import type { FastifyReply } from 'fastify';
import type { App } from '../../lib/app-type.js';
import { connectorPage, LIVE_SCRIPT, messagePage, paymentPage } from './adhoc.pages.js';
import type { AdhocPayments } from './adhoc.service.js';
import { PAY_WORDS, payLanguage, type PayLanguage } from './adhoc.words.js';
import { PaymentRefusal } from '../payment-providers/provider.js';

/**
 * The pages are public: the form posts on to the provider's card form, which may live on another
 * host (Stripe's, iyzico's), so a form may lead anywhere secure; scripts only from here.
 */
const PAGE_POLICY =
  "default-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; form-action 'self' https:; frame-ancestors 'none'; object-src 'none'; base-uri 'self'";

function show(reply: FastifyReply, status: number, html: string) {
  return reply
    .code(status)
    .type('text/html; charset=utf-8')
    .header('cache-control', 'no-store')
    .header('content-security-policy', PAGE_POLICY)
    .send(html);
}

/** Pay forms one address may send a minute (each asks the provider for a hold). */
export const PAY_PER_MINUTE = 10;

/** An address a receipt may go to: one @, a dot in the domain, no spaces; at most 254 characters. */
const EMAIL = /^[^\s@]{1,64}@[^\s@]+\.[^\s@]{2,}$/;

type Lang = { Querystring: { lang?: string } };

/**
 * Ad-hoc payment's public pages (issue #30), outside /api and without an account:
 * `/pay/{code}` (a connector's price and the pay form), `/pay/s/{reference}` (the payment, live),
 * its state as JSON, Stop, the receipt; and the providers' webhooks, `/pay/webhooks/{provider}`,
 * verified by each provider's signature.
 */
export function adhocRoutes(app: App, adhoc: AdhocPayments) {
  return app.register((scope, _opts, done) => {
    // The pay form posts an HTML form; webhooks are read raw, for their signature.
    acceptHtmlForms(scope);
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_req, body, next) =>
      next(null, body),
    );

    const lang = (request: { query: unknown; headers: Record<string, unknown> }): PayLanguage =>
      payLanguage(request.query, request.headers['accept-language'] as string | undefined);

    scope.get('/pay/live.js', (_request, reply) =>
      reply
        .type('text/javascript; charset=utf-8')
        .header('cache-control', 'public, max-age=300')
        .send(LIVE_SCRIPT),
    );

    scope.get<{ Params: { code: string } } & Lang>('/pay/:code', async (request, reply) => {
      const l = lang(request);
      const offer = await adhoc.offer(request.params.code, l);
      if (!offer) return show(reply, 404, messagePage(l, PAY_WORDS[l].notFound));
      return show(reply, 200, connectorPage(l, offer));
    });

    // Each pay asks the provider for a hold: a stranger's address gets a few a minute.
    scope.post<{ Params: { code: string }; Body: { email?: string } } & Lang>(
      '/pay/:code',
      { config: { rateLimit: { max: PAY_PER_MINUTE, timeWindow: '1 minute' } } },
      async (request, reply) => {
        const l = lang(request);
        const email = (typeof request.body?.email === 'string' ? request.body.email : '').trim();
        if (email && (email.length > 254 || !EMAIL.test(email))) {
          const offer = await adhoc.offer(request.params.code, l);
          if (!offer) return show(reply, 404, messagePage(l, PAY_WORDS[l].notFound));
          return show(reply, 422, connectorPage(l, offer, { error: PAY_WORDS[l].emailInvalid, email }));
        }
        const r = await adhoc.begin(request.params.code, { email: email || null, language: l });
        if ('formUrl' in r) return reply.redirect(r.formUrl, 303);
        if (!r.offer) return show(reply, 404, messagePage(l, r.refused));
        return show(reply, 409, connectorPage(l, r.offer, { error: r.refused, email }));
      },
    );

    scope.get<{ Params: { reference: string } } & Lang>('/pay/s/:reference', async (request, reply) => {
      const l = lang(request);
      const v = await adhoc.view(request.params.reference, l);
      if (!v) return show(reply, 404, messagePage(l, PAY_WORDS[l].paymentNotFound));
      const again = await adhoc.pagePathOf(request.params.reference);
      const stopRefused =
        (request.query as { stop?: string }).stop === 'refused' ? PAY_WORDS[l].stopFailed : undefined;
      return show(
        reply,
        200,
        paymentPage(l, v, {
          ...(again ? { again: `${again}?lang=${l}` } : {}),
          ...(stopRefused && v.canStop ? { stopRefused } : {}),
        }),
      );
    });

    // iyzico's form returns the driver by POSTing its token (form-encoded) to the return address:
    // the page is shown by GET, which takes the payment's next step.
    scope.post<{ Params: { reference: string } } & Lang>('/pay/s/:reference', (request, reply) => {
      const l = request.query.lang;
      const to = `/pay/s/${encodeURIComponent(request.params.reference)}${l === 'en' || l === 'tr' ? `?lang=${l}` : ''}`;
      return reply.redirect(to, 303);
    });

    scope.get<{ Params: { reference: string } } & Lang>('/pay/s/:reference/state', async (request, reply) => {
      const v = await adhoc.view(request.params.reference, lang(request));
      if (!v) return reply.code(404).header('cache-control', 'no-store').send({ error: 'not found' });
      return reply.header('cache-control', 'no-store').send(v);
    });

    scope.post<{ Params: { reference: string } } & Lang>('/pay/s/:reference/stop', async (request, reply) => {
      const l = lang(request);
      const r = await adhoc.stop(request.params.reference, l);
      if (!r.view) return show(reply, 404, messagePage(l, PAY_WORDS[l].paymentNotFound));
      const base = `/pay/s/${encodeURIComponent(request.params.reference)}?lang=${l}`;
      return reply.redirect(r.refused ? `${base}&stop=refused` : base, 303);
    });

    scope.get<{ Params: { reference: string } } & Lang>(
      '/pay/s/:reference/receipt',
      async (request, reply) => {
        const l = lang(request);
        const r = await adhoc.receiptOf(request.params.reference, l);
        if (!r) return show(reply, 404, messagePage(l, PAY_WORDS[l].paymentNotFound));
        return reply
          .type('application/pdf')
          .header('cache-control', 'no-store')
          .header('content-disposition', `inline; filename="${r.fileName}"`)
          .send(r.pdf);
      },
    );

    scope.post<{ Params: { provider: string } }>('/pay/webhooks/:provider', async (request, reply) => {
      const raw = Buffer.isBuffer(request.body)
        ? request.body
        : Buffer.from(JSON.stringify(request.body ?? ''));
      try {
        const r = await adhoc.webhook(request.params.provider, raw, request.headers);
        if (!r.known) return reply.code(404).send({ error: 'unknown provider' });
        return reply.send({ received: true });
      } catch (err) {
        if (err instanceof PaymentRefusal && err.code === 'bad_signature') {
          return reply.code(400).send({ error: 'bad signature' });
        }
        throw err;
      }
    });
    done();
  });
}
