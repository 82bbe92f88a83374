import { randomUUID } from 'node:crypto';
import type { EmspContext } from './context.js';
import { fail, ok, type Client, type Reply } from './transport.js';
import { Status, type Allowed, type Answer, type Obj } from './types.js';
import { dateTime, isObj, missing, str, text } from './validators.js';

/** The tokens SENDER (the list, paginated, and real-time authorization) and the push of a token. */
export function createTokens(ctx: EmspContext, client: Client) {
  const { tokens, authorizations, maxLimit, base } = ctx;
  const { send, endpointOf } = client;

  async function tokensSender(method: string, rest: string[], url: URL, body: unknown): Promise<Reply> {
    if (method === 'GET' && rest.length === 0) return page(url, tokens);
    if (method === 'POST' && rest.length === 2 && rest[1] === 'authorize') {
      const type = url.searchParams.get('type') ?? 'RFID';
      const token = tokens.find((t) => t.uid === rest[0] && t.type === type);
      if (body !== undefined) {
        const err = isObj(body)
          ? missing(body, { location_id: str })
          : 'LocationReferences must be an object';
        if (err) return fail(200, Status.invalidParameters, err);
      }
      // "If the Token is not known, the response SHALL contain status code 2004: Unknown Token".
      if (!token) return fail(404, Status.unknownToken, 'unknown token');
      const rule = authorizations.get(`${type}/${rest[0]}`);
      // "When the eMSP receives a 'real-time' authorization request from a CPO that contains too
      // little information (no LocationReferences provided) [...] SHALL respond with the OCPI status: 2002".
      if (rule?.needsLocation && body === undefined)
        return fail(200, Status.notEnoughInformation, 'LocationReferences are needed for this token');
      if (rule?.delayMs) await new Promise((r) => setTimeout(r, rule.delayMs));
      const allowed: Allowed = rule?.allowed ?? (token.valid ? 'ALLOWED' : 'BLOCKED');
      const info: Obj = { allowed, token };
      if (isObj(body)) info.location = body;
      if (allowed === 'ALLOWED') info.authorization_reference = randomUUID().slice(0, 36);
      if (rule?.info) info.info = { language: 'en', text: rule.info };
      return ok(info);
    }
    return fail(405, Status.clientError, `${method} is not allowed here on tokens`);
  }

  /** A paginated GET (transport_and_format, Pagination) of a sender list, filtered on last_updated. */
  function page(url: URL, all: Obj[]): Reply {
    const q = url.searchParams;
    const from = q.get('date_from');
    const to = q.get('date_to');
    for (const d of [from, to])
      if (d !== null && dateTime(d)) return fail(200, Status.invalidParameters, `not a DateTime: ${d}`);
    const offset = q.has('offset') ? Number(q.get('offset')) : 0;
    const asked = q.has('limit') ? Number(q.get('limit')) : maxLimit;
    if (!Number.isInteger(offset) || offset < 0 || !Number.isInteger(asked) || asked < 0)
      return fail(200, Status.invalidParameters, 'offset and limit must be non-negative integers');
    const at = (o: Obj) => Date.parse(String(o.last_updated));
    const matching = all.filter(
      (o) => (from === null || at(o) >= Date.parse(from)) && (to === null || at(o) < Date.parse(to)),
    );
    const limit = Math.min(asked, maxLimit);
    const items = matching.slice(offset, offset + limit);
    const headers: Record<string, string> = {
      'x-total-count': String(matching.length),
      'x-limit': String(maxLimit),
    };
    if (offset + items.length < matching.length && items.length > 0) {
      const next = new URL(url.pathname, base);
      for (const [k, v] of q) if (k !== 'offset' && k !== 'limit') next.searchParams.set(k, v);
      next.searchParams.set('offset', String(offset + items.length));
      next.searchParams.set('limit', String(limit));
      headers.link = `<${next.toString()}>; rel="next"`;
    }
    return ok(items, headers);
  }

  async function pushToken(token: Obj): Promise<Answer> {
    const type = text(token.type ?? 'RFID');
    const url = `${endpointOf('tokens', 'RECEIVER')}/${encodeURIComponent(text(token.country_code))}/${encodeURIComponent(
      text(token.party_id),
    )}/${encodeURIComponent(text(token.uid))}`;
    return send('PUT', url, token, { query: { type } });
  }

  return { tokensSender, pushToken };
}
