import { randomUUID } from 'node:crypto';
import type { MessageKey } from '../../../lib/messages.js';
import { request, type Posted } from '../../webhooks/post.js';
import { refusalOf } from '../../webhooks/url-guard.js';
import { authorizationOf } from './transport.js';

/** A party on either side of a call: the routing headers name them (4.1.8.2). */
export interface Party {
  countryCode: string;
  partyId: string;
}

export interface OcpiCall {
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  url: string;
  /** The credentials token Voltline presents (token A, or the partner's token for Voltline). */
  token: string;
  body?: unknown;
  /** Functional modules only: configuration modules are not routed (4.1.8.2). */
  routing?: { from: Party; to: Party };
  correlationId?: string;
}

export interface OcpiAnswer<T = unknown> {
  httpStatus: number;
  statusCode: number;
  statusMessage: string | null;
  data: T;
  headers: Record<string, string | string[] | undefined>;
}

/** A call to a partner that did not succeed, said in words the portal shows (messages `roaming.*`). */
export class PartnerCallError extends Error {
  constructor(
    readonly key: MessageKey,
    readonly params: Record<string, string | number>,
  ) {
    super(`${key} ${JSON.stringify(params)}`);
    this.name = 'PartnerCallError';
  }
}

/** Answers larger than this are cut (and so not OCPI): a version list or a page is far smaller. */
const MAX_ANSWER_BYTES = 20 * 1024 * 1024;

/**
 * One OCPI call to a partner (chapter 4): the Token header in Base64, a new X-Request-ID, the
 * correlation id, routing headers for functional modules, the answer's envelope read and checked.
 * Every failure is a PartnerCallError in words: the address refused, unreachable, a refusal with
 * its HTTP status and OCPI status code, or an answer that is not OCPI.
 */
export async function ocpiCall<T = unknown>(
  call: OcpiCall,
  opts: { timeoutMs: number; allowPrivate: boolean },
): Promise<OcpiAnswer<T>> {
  const refusal = await refusalOf(call.url, opts.allowPrivate);
  if (refusal === 'private') throw new PartnerCallError('roaming.urlPrivate', { url: call.url });
  if (refusal === 'scheme') throw new PartnerCallError('roaming.urlScheme', { url: call.url });
  if (refusal === 'unresolved') throw new PartnerCallError('roaming.unreachable', { url: call.url });
  const headers: Record<string, string> = {
    authorization: authorizationOf(call.token),
    accept: 'application/json',
    'x-request-id': randomUUID(),
    'x-correlation-id': call.correlationId ?? randomUUID(),
  };
  if (call.routing) {
    headers['ocpi-from-country-code'] = call.routing.from.countryCode;
    headers['ocpi-from-party-id'] = call.routing.from.partyId;
    headers['ocpi-to-country-code'] = call.routing.to.countryCode;
    headers['ocpi-to-party-id'] = call.routing.to.partyId;
  }
  const body = call.body === undefined ? undefined : JSON.stringify(call.body);
  if (body !== undefined) headers['content-type'] = 'application/json';
  let answer: Posted;
  try {
    answer = await request(call.url, {
      ...opts,
      method: call.method,
      headers,
      body,
      maxBytes: MAX_ANSWER_BYTES,
    });
  } catch {
    throw new PartnerCallError('roaming.unreachable', { url: call.url });
  }
  type Envelope = { data?: unknown; status_code?: unknown; status_message?: unknown };
  const parsed = parseEnvelope(answer.answer) as Envelope | null;
  const statusCode = typeof parsed?.status_code === 'number' ? parsed.status_code : null;
  const statusMessage =
    typeof parsed?.status_message === 'string' ? parsed.status_message.slice(0, 300) : null;
  if (answer.status === 401) throw new PartnerCallError('roaming.tokenRefused', { url: call.url });
  if (answer.status < 200 || answer.status >= 300 || (statusCode !== null && statusCode >= 2000)) {
    throw new PartnerCallError('roaming.refused', {
      url: call.url,
      http: answer.status,
      code: statusCode ?? '-',
      message: statusMessage ?? '-',
    });
  }
  if (parsed === null || statusCode === null)
    throw new PartnerCallError('roaming.notOcpi', { url: call.url });
  return {
    httpStatus: answer.status,
    statusCode,
    statusMessage,
    data: parsed.data as T,
    headers: answer.headers,
  };
}

function parseEnvelope(text: string): unknown {
  try {
    const value: unknown = JSON.parse(text);
    return value !== null && typeof value === 'object' && !Array.isArray(value) ? value : null;
  } catch {
    return null;
  }
}
