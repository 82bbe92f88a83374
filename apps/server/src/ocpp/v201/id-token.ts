import type { Locale, Ocpp201 } from '@voltline/contract';
import type { CardAuthorization } from '../../modules/drivers/authorization.js';
import { translate } from '../../lib/messages.js';
import { formatMoney } from '../../lib/money.js';
import type { HandlerContext } from '../context.js';

type IdToken = Ocpp201.AuthorizeRequest['idToken'];
export type IdTokenInfo = Ocpp201.AuthorizeResponse['idTokenInfo'];
type MessageContent = NonNullable<IdTokenInfo['personalMessage']>;

/** How long a charger may trust an accepted token from its cache when the card has no expiry: a day. */
export const CACHE_SECONDS = 86_400;

/** A card's answer, from Authorize or a transaction event: the verdict and what goes with it. */
type CardWords = Pick<CardAuthorization, 'status' | 'expiryDate' | 'groupIdToken' | 'credit'>;

/**
 * The answer for an OCPP 2.0.1 IdToken, by the network's card rules. Every type but
 * NoAuthorization names a credential Voltline looks up as a card number: an RFID UID (ISO14443,
 * ISO15693), a contract id (eMAID), a key code, a vehicle's MAC address (Autocharge), a token
 * the charger made (Local) or Voltline's own (Central). NoAuthorization is a charger that needs
 * none (free vend): accepted, with no card.
 */
export async function idTokenInfo(
  idToken: IdToken,
  ctx: HandlerContext,
  now = new Date(),
): Promise<IdTokenInfo> {
  if (idToken.type === 'NoAuthorization') return { status: 'Accepted' };
  await ctx.drivers.beforeAuthorize({ chargePointId: ctx.cp.id, idTag: idToken.idToken, start: false });
  const card = await ctx.drivers.authorize(idToken.idToken, ctx.cp.operatorPath, ctx.cp.id);
  const info = toIdTokenInfo(card, ctx.drivers.driverLocale, now);
  return ctx.tariffCost ? ctx.tariffCost.withPrice(ctx.cp, info, ctx.drivers.driverLocale) : info;
}

/**
 * C10: an accepted token may be cached until the card expires, at most a day; then the domain's
 * card answer in 2.0.1's words (`withWords`).
 */
export function toIdTokenInfo(card: CardWords, locale: Locale, now = new Date()): IdTokenInfo {
  if (card.status !== 'Accepted') return withWords(card, locale);
  const dayAhead = new Date(now.getTime() + CACHE_SECONDS * 1000);
  const expiry = card.expiryDate ? new Date(card.expiryDate) : null;
  const cacheExpiryDateTime = (expiry && expiry < dayAhead ? expiry : dayAhead).toISOString();
  return withWords({ ...card, expiryDate: cacheExpiryDateTime }, locale);
}

/**
 * The verdict as 2.0.1's status (it has every word of the domain's, NoCredit and Unknown
 * included), `expiryDate` as the cache expiry, the card's group as a Central groupIdToken (C09:
 * the charger lets a card of the same group stop the transaction), and, in the driver's language
 * (`language1`), a personal message for a refusal or a prepaid driver's balance (C01).
 */
export function withWords(card: CardWords, locale: Locale): IdTokenInfo {
  const info: IdTokenInfo = { status: card.status };
  if (card.expiryDate) info.cacheExpiryDateTime = card.expiryDate;
  if (card.groupIdToken) info.groupIdToken = { idToken: card.groupIdToken, type: 'Central' };
  const message = personalMessage(card, locale);
  if (message) {
    info.language1 = locale;
    info.personalMessage = message;
  }
  return info;
}

function personalMessage(card: CardWords, locale: Locale): MessageContent | undefined {
  const balance = card.credit ? formatMoney(locale, card.credit.balance, card.credit.currency) : '';
  let content: string | undefined;
  if (card.status === 'Accepted') {
    if (card.credit) content = translate(locale, 'display.balance', { balance });
  } else {
    content = translate(locale, `display.${card.status}`, { balance });
  }
  return content === undefined ? undefined : { format: 'UTF8', language: locale, content };
}
