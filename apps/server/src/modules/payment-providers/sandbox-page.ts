import { acceptHtmlForms } from '../../lib/html-forms.js';
import type { FastifyReply } from 'fastify';
import type { App } from '../../lib/app-type.js';
import { formatMoney } from '../../lib/money.js';
import type { Language, RefusalCode } from './provider.js';
import type { SandboxHold, SandboxProvider } from './sandbox.js';

/** Every text of the sandbox card page, in the portal's languages. */
const TEXT = {
  en: {
    title: 'Pay by card',
    notFound: 'This payment was not found. It may have ended, or the server restarted (the sandbox forgets).',
    hold: 'Your card is held for {amount}. You pay only for the energy you charge; the rest is released.',
    number: 'Card number',
    expiry: 'Expiry (MM/YY)',
    cvc: 'Security code',
    submit: 'Hold {amount}',
    sandbox:
      'Sandbox: no real card is charged. Test cards: 4242 4242 4242 4242 is approved, 4000 0000 0000 0002 is declined, 4000 0000 0000 9995 has insufficient funds; a past expiry date is expired.',
    done: 'This payment is {status}. You can close this page.',
    card_declined: 'Your card was declined. Try another card.',
    insufficient_funds: 'Your card has insufficient funds. Try another card.',
    expired: 'Your card has expired, or the expiry date is not valid. Check it or try another card.',
    status: { authorized: 'authorized', captured: 'complete', canceled: 'canceled' },
  },
  tr: {
    title: 'Kartla öde',
    notFound: 'Bu ödeme bulunamadı. Bitmiş olabilir ya da sunucu yeniden başladı (sandbox unutur).',
    hold: 'Kartınızda {amount} bloke edilir. Yalnızca şarj ettiğiniz enerjiyi ödersiniz; kalanı serbest bırakılır.',
    number: 'Kart numarası',
    expiry: 'Son kullanma (AA/YY)',
    cvc: 'Güvenlik kodu',
    submit: '{amount} bloke et',
    sandbox:
      'Sandbox: gerçek bir karttan para çekilmez. Test kartları: 4242 4242 4242 4242 onaylanır, 4000 0000 0000 0002 reddedilir, 4000 0000 0000 9995 yetersiz bakiye verir; geçmiş bir son kullanma tarihi süresi dolmuş sayılır.',
    done: 'Bu ödeme {status}. Bu sayfayı kapatabilirsiniz.',
    card_declined: 'Kartınız reddedildi. Başka bir kart deneyin.',
    insufficient_funds: 'Kartınızda yeterli bakiye yok. Başka bir kart deneyin.',
    expired:
      'Kartınızın süresi dolmuş ya da son kullanma tarihi geçersiz. Kontrol edin veya başka bir kart deneyin.',
    status: { authorized: 'onaylandı', captured: 'tamamlandı', canceled: 'iptal edildi' },
  },
} as const;

const escape = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

const fill = (text: string, amount: string) => text.replace('{amount}', amount);

function page(lang: Language, body: string): string {
  const t = TEXT[lang];
  return `<!doctype html>
<html lang="${lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${t.title} · Voltline</title>
<style>
body{font-family:system-ui,sans-serif;margin:0;padding:1rem;background:#f5f5f5;color:#1f1f1f;line-height:1.5}
main{max-width:26rem;margin:0 auto;background:#fff;padding:1.25rem;border-radius:.5rem}
h1{font-size:1.375rem;margin:0 0 .5rem}
label{display:block;margin-top:1rem;font-weight:600}
input{display:block;width:100%;box-sizing:border-box;font-size:1.125rem;padding:.625rem;margin-top:.25rem;border:1px solid #767676;border-radius:.25rem}
input:focus,button:focus{outline:3px solid #1677ff;outline-offset:2px}
button{margin-top:1.25rem;width:100%;font-size:1.125rem;padding:.75rem;border:0;border-radius:.25rem;background:#0958d9;color:#fff;cursor:pointer}
.alert{background:#fff1f0;border:1px solid #cf1322;color:#820014;padding:.75rem;border-radius:.25rem}
.note{font-size:.875rem;color:#434343;margin-top:1.25rem}
</style>
</head>
<body><main>${body}</main></body>
</html>`;
}

function cardForm(h: SandboxHold, lang: Language, error?: string): string {
  const t = TEXT[lang];
  const amount = escape(formatMoney(lang, h.amount, h.currency));
  const alert = error ? `<p class="alert" role="alert" id="card-error">${escape(error)}</p>` : '';
  const invalid = error ? ' aria-invalid="true" aria-describedby="card-error"' : '';
  return page(
    lang,
    `<h1>${t.title}</h1>
<p>${escape(h.description)}</p>
<p>${fill(t.hold, amount)}</p>
${alert}
<form method="post" action="/pay/sandbox/${encodeURIComponent(h.ref)}?lang=${lang}">
<label for="number">${t.number}</label>
<input id="number" name="number" inputmode="numeric" autocomplete="cc-number" required maxlength="23"${invalid}>
<label for="expiry">${t.expiry}</label>
<input id="expiry" name="expiry" inputmode="numeric" autocomplete="cc-exp" placeholder="MM/YY" required maxlength="7">
<label for="cvc">${t.cvc}</label>
<input id="cvc" name="cvc" inputmode="numeric" autocomplete="cc-csc" required maxlength="4">
<button type="submit">${fill(t.submit, amount)}</button>
</form>
<p class="note">${t.sandbox}</p>`,
  );
}

/** The sandbox refuses a card for one of three reasons; any other code reads as a decline. */
function refusalText(lang: Language, code: RefusalCode): string {
  const t = TEXT[lang];
  return code === 'insufficient_funds' || code === 'expired' ? t[code] : t.card_declined;
}

function language(h: SandboxHold | undefined, query: unknown): Language {
  const asked = (query as { lang?: string } | undefined)?.lang;
  return asked === 'en' || asked === 'tr' ? asked : (h?.language ?? 'en');
}

function show(reply: FastifyReply, status: number, html: string) {
  return reply.code(status).type('text/html; charset=utf-8').header('cache-control', 'no-store').send(html);
}

/**
 * The sandbox provider's hosted card form, `/pay/sandbox/{ref}`: outside /api, public (the hold's
 * random id is the key), mobile-first, in English and Turkish. A card the sandbox approves sends
 * the driver on to the hold's return URL; a refused one is shown again with the reason in words.
 */
export function sandboxPageRoutes(app: App, sandbox: SandboxProvider) {
  return app.register((scope, _opts, done) => {
    // This page posts an HTML form; the rest of the server refuses form bodies.
    acceptHtmlForms(scope);

    /** What became of a hold that takes no card any more (authorized, captured, canceled). */
    const settled = (reply: FastifyReply, lang: Language, status: keyof (typeof TEXT)['en']['status']) =>
      show(
        reply,
        200,
        page(
          lang,
          `<h1>${TEXT[lang].title}</h1><p role="status">${TEXT[lang].done.replace('{status}', TEXT[lang].status[status])}</p>`,
        ),
      );

    scope.get<{ Params: { ref: string } }>('/pay/sandbox/:ref', (request, reply) => {
      const h = sandbox.hold(request.params.ref);
      const lang = language(h, request.query);
      if (!h)
        return show(
          reply,
          404,
          page(lang, `<h1>${TEXT[lang].title}</h1><p role="alert">${TEXT[lang].notFound}</p>`),
        );
      if (h.status === 'pending' || h.status === 'declined') {
        return show(reply, 200, cardForm(h, lang, h.refusal && refusalText(lang, h.refusal)));
      }
      return settled(reply, lang, h.status);
    });

    scope.post<{ Params: { ref: string }; Body: { number?: string; expiry?: string } }>(
      '/pay/sandbox/:ref',
      (request, reply) => {
        const h = sandbox.hold(request.params.ref);
        const lang = language(h, request.query);
        if (!h)
          return show(
            reply,
            404,
            page(lang, `<h1>${TEXT[lang].title}</h1><p role="alert">${TEXT[lang].notFound}</p>`),
          );
        const after = sandbox.submitCard(h.ref, {
          number: request.body?.number ?? '',
          expiry: request.body?.expiry ?? '',
        });
        if (after.status === 'authorized') return reply.redirect(after.returnUrl, 303);
        // A hold already captured or canceled takes no card: say what became of it, not "declined".
        if (after.status !== 'pending' && after.status !== 'declined')
          return settled(reply, lang, after.status);
        const text = refusalText(lang, after.refusal ?? 'card_declined');
        return show(reply, 402, cardForm(after, lang, text));
      },
    );
    done();
  });
}
