import { evseCode } from '@voltline/contract';
import { formatMoney } from '../../lib/money.js';
import type { ConnectorOffer, PaymentView } from './adhoc.service.js';
import { PAY_WORDS, fill, type PayLanguage } from './adhoc.words.js';

export const escapeHtml = (s: string) =>
  s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

const STYLE = `body{font-family:system-ui,sans-serif;margin:0;padding:1rem;background:#f5f5f5;color:#1f1f1f;line-height:1.5}
main{max-width:28rem;margin:0 auto;background:#fff;padding:1.25rem;border-radius:.5rem}
h1{font-size:1.375rem;margin:0 0 .25rem}
h2{font-size:1.0625rem;margin:1.25rem 0 .25rem}
.sub{margin:0;color:#434343}
ul.price{margin:.25rem 0 0;padding-left:1.25rem}
label{display:block;margin-top:1rem;font-weight:600}
input{display:block;width:100%;box-sizing:border-box;font-size:1.125rem;padding:.625rem;margin-top:.25rem;border:1px solid #767676;border-radius:.25rem}
input:focus,button:focus,a:focus{outline:3px solid #1677ff;outline-offset:2px}
button,.button{display:block;text-align:center;text-decoration:none;box-sizing:border-box;margin-top:1.25rem;width:100%;font-size:1.125rem;padding:.75rem;border:0;border-radius:.25rem;background:#0958d9;color:#fff;cursor:pointer}
button.stop{background:#cf1322}
button:disabled{background:#8c8c8c;cursor:not-allowed}
.alert{background:#fff1f0;border:1px solid #cf1322;color:#820014;padding:.75rem;border-radius:.25rem}
.ok{background:#f6ffed;border:1px solid #389e0d;color:#135200;padding:.75rem;border-radius:.25rem}
.note{font-size:.875rem;color:#434343;margin-top:1.25rem}
dl.figures{display:grid;grid-template-columns:1fr 1fr;gap:.5rem;margin:1rem 0 0}
dl.figures div{background:#f0f5ff;border-radius:.25rem;padding:.5rem}
dl.figures dt{font-size:.8125rem;color:#434343}
dl.figures dd{margin:0;font-size:1.25rem;font-weight:600}
.lang{float:right;font-size:.875rem}`;

/** Every pay page: one column for a phone, in the driver's language. */
function page(lang: PayLanguage, title: string, body: string, script = false): string {
  return `<!doctype html>
<html lang="${lang}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} · Voltline</title>
<style>${STYLE}</style>
${script ? '<script src="/pay/live.js" defer></script>' : ''}
</head>
<body><main>${body}</main></body>
</html>`;
}

const other = (lang: PayLanguage): PayLanguage => (lang === 'en' ? 'tr' : 'en');

/** A connector's public page: its state and price, and the form to pay and charge. */
export function connectorPage(
  lang: PayLanguage,
  offer: ConnectorOffer,
  opts: { error?: string; email?: string } = {},
): string {
  const w = PAY_WORDS[lang];
  const c = offer.connector;
  const code = evseCode(c.identity, c.connectorId);
  const action = `/pay/${encodeURIComponent(code)}`;
  const price = offer.price
    ? `<h2>${w.price}</h2><ul class="price">${offer.price.map((p) => `<li>${escapeHtml(p)}</li>`).join('')}</ul>`
    : '';
  const hold =
    offer.currency && offer.price
      ? `<p>${escapeHtml(fill(w.hold, { amount: formatMoney(lang, offer.holdAmount, offer.currency) }))}</p>`
      : '';
  const error = opts.error ?? offer.blocked;
  const alert = error ? `<p class="alert" role="alert" id="pay-error">${escapeHtml(error)}</p>` : '';
  const invalid =
    opts.error && opts.email !== undefined ? ' aria-invalid="true" aria-describedby="pay-error"' : '';
  const form = offer.blocked
    ? ''
    : `<form method="post" action="${action}?lang=${lang}">
<label for="email">${w.email}</label>
<input id="email" name="email" type="email" inputmode="email" autocomplete="email" maxlength="254" value="${escapeHtml(opts.email ?? '')}"${invalid}>
<button type="submit">${w.payButton}</button>
</form>`;
  return page(
    lang,
    w.title,
    `<a class="lang" href="${action}?lang=${other(lang)}" lang="${other(lang)}">${w.language}</a>
<h1>${w.title}</h1>
<p class="sub">${escapeHtml(c.name)} · ${escapeHtml(fill(w.connector, { n: c.connectorId }))}</p>
<p class="sub">${escapeHtml(fill(w.operator, { name: c.operatorName }))}</p>
<h2>${w.state}</h2>
<p id="connector-state">${escapeHtml(c.connected ? (w.connectorState[c.status] ?? c.status) : w.offline)}</p>
${price}
${hold}
${alert}
${form}
${offer.sandbox ? `<p class="note">${w.sandbox}</p>` : ''}`,
  );
}

/** A payment's page: where it stands, the live figures while charging, Stop, the receipt. */
export function paymentPage(
  lang: PayLanguage,
  v: PaymentView,
  opts: { again?: string; stopRefused?: string } = {},
): string {
  const w = PAY_WORDS[lang];
  const base = `/pay/s/${encodeURIComponent(v.reference)}`;
  const figure = (id: string, label: string, value: string) =>
    `<div><dt>${label}</dt><dd id="${id}">${escapeHtml(value)}</dd></div>`;
  const num = (n: number | null, unit: string) =>
    n === null
      ? '–'
      : `${new Intl.NumberFormat(lang === 'tr' ? 'tr-TR' : 'en-GB', { maximumFractionDigits: 2 }).format(n)} ${unit}`;
  const figures =
    v.energyKwh !== null
      ? `<dl class="figures">
${figure('energy', w.energy, num(v.energyKwh, 'kWh'))}
${figure('power', w.power, num(v.powerKw, 'kW'))}
${figure('minutes', w.time, v.minutes === null ? '–' : `${v.minutes} min`)}
${figure('cost', v.done ? w.finalCost : w.cost, v.cost ?? '–')}
</dl>`
      : '';
  const failed = v.failure ? `<p class="alert" role="alert">${escapeHtml(v.failure)}</p>` : '';
  const stopRefused = opts.stopRefused
    ? `<p class="alert" role="alert">${escapeHtml(opts.stopRefused)}</p>`
    : '';
  const stop = v.canStop
    ? `<form method="post" action="${base}/stop?lang=${lang}"><button class="stop" type="submit"${v.stopping ? ' disabled' : ''}>${v.stopping ? w.stopping : w.stop}</button></form>`
    : '';
  const receipt = v.receipt ? `<a class="button" href="${base}/receipt?lang=${lang}">${w.receipt}</a>` : '';
  const notes = [v.stopNote, v.receiptNote].filter((n): n is string => Boolean(n));
  const again =
    v.done && v.status !== 'captured' && opts.again
      ? `<a class="button" href="${opts.again}">${w.again}</a>`
      : '';
  return page(
    lang,
    w.title,
    `<a class="lang" href="${base}?lang=${other(lang)}" lang="${other(lang)}">${w.language}</a>
<h1>${w.title}</h1>
<p class="sub">${escapeHtml(v.chargePoint)} · ${escapeHtml(v.connector)}</p>
<div id="live" data-state="${base}/state?lang=${lang}" data-status="${v.status}" data-done="${v.done}" data-stopping="${v.stopping}">
<p id="status" role="status" aria-live="polite" class="${v.status === 'captured' ? 'ok' : ''}">${escapeHtml(v.message)}</p>
${failed}
${stopRefused}
${figures}
${notes.map((n) => `<p class="note">${escapeHtml(n)}</p>`).join('')}
${stop}
${receipt}
${again}
${v.done ? '' : `<p class="note">${w.live}</p>`}
</div>`,
    !v.done,
  );
}

/** A page of one message (an unknown code or payment). */
export function messagePage(lang: PayLanguage, text: string): string {
  const w = PAY_WORDS[lang];
  return page(lang, w.title, `<h1>${w.title}</h1><p class="alert" role="alert">${escapeHtml(text)}</p>`);
}

/**
 * The payment page's script (a file: the page's policy allows no inline script). While the
 * payment is open it asks for the state every 3 s and updates the figures; when the status
 * changes it loads the page again, so what the driver can do follows.
 */
export const LIVE_SCRIPT = `(function () {
  var live = document.getElementById('live');
  if (!live || live.dataset.done === 'true') return;
  var url = live.dataset.state, status = live.dataset.status;
  function set(id, text) { var el = document.getElementById(id); if (el && text != null) el.textContent = text; }
  function fmt(n, unit) { return n == null ? '–' : n.toLocaleString(document.documentElement.lang, { maximumFractionDigits: 2 }) + ' ' + unit; }
  function tick() {
    fetch(url, { headers: { accept: 'application/json' }, cache: 'no-store' })
      .then(function (r) { return r.ok ? r.json() : null; })
      .then(function (v) {
        if (!v) return;
        if (v.status !== status || v.done || v.stopping !== (live.dataset.stopping === 'true')) { location.reload(); return; }
        set('energy', fmt(v.energyKwh, 'kWh'));
        set('power', fmt(v.powerKw, 'kW'));
        set('minutes', v.minutes == null ? '–' : v.minutes + ' min');
        set('cost', v.cost || '–');
      })
      .catch(function () {})
      .then(function () { setTimeout(tick, 3000); });
  }
  setTimeout(tick, 3000);
})();
`;
