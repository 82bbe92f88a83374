// eslint-disable-next-line @typescript-eslint/triple-slash-reference -- the SDK ships no types
/// <reference path="./iyzipay.d.ts" />
import type { Resource } from 'iyzipay';
import { refuse, type RefusalCode } from './provider.js';

/** An answer of iyzico's API as its SDK gives it. */
export type Answer = Record<string, unknown>;

/** A string or number of an answer as text; anything else (absent, an object) as ''. */
export const str = (v: unknown): string => (typeof v === 'string' || typeof v === 'number' ? String(v) : '');

/** iyzico's documented card error codes; any other failure of a card is a plain decline. */
export function cardRefusal(code: unknown): RefusalCode {
  if (code === '10051') return 'insufficient_funds';
  if (code === '10054') return 'expired';
  return 'card_declined';
}

/**
 * The bank's refusal of the card in a failed answer, or undefined when the failure is not the
 * card's. iyzico's bank error codes are 10xxx (10005 do not honour, 10051 insufficient funds,
 * 10054 expired card, ...); 10214 (communication or system error) and 10219 (the bank did not
 * answer in time) are the bank's trouble, which another card would not fix.
 */
export function bankRefusal(answer: Answer): RefusalCode | undefined {
  const code = str(answer.errorCode);
  if (!/^10\d{3}$/.test(code) || code === '10214' || code === '10219') return undefined;
  return cardRefusal(code);
}

/** iyzico answers `{ status: 'failure', errorCode, errorMessage }`; a refusal with a stable code. */
export function checked(result: Answer): Answer {
  if (result.status === 'success') return result;
  const code = str(result.errorCode);
  const detail = `${code} ${str(result.errorMessage)}`.trim();
  const card = bankRefusal(result);
  if (card) throw refuse(card, detail);
  // 1000/1001: iyzico does not know our keys; like a system error or the bank's outage, nothing a
  // driver can fix.
  const ours =
    code === '1000' || code === '1001' || /^10\d{3}$/.test(code) || result.errorGroup === 'SYSTEM_ERROR';
  throw refuse(ours ? 'provider_unavailable' : 'bad_request', detail);
}

/** An SDK call's answer, whatever its status; an SDK error (network, no answer) is an outage. */
export function call(resource: Resource, method: 'create' | 'retrieve', params: object): Promise<Answer> {
  return new Promise((resolve, reject) => {
    resource[method](params, (err, result) => {
      if (err || !result) return reject(refuse('provider_unavailable', err?.message ?? 'no answer'));
      resolve(result);
    });
  });
}

export const send = async (resource: Resource, method: 'create' | 'retrieve', params: object) =>
  checked(await call(resource, method, params));
