import type { EmspContext } from './context.js';
import { created, fail, ok, type Reply } from './transport.js';
import { Status, type Obj } from './types.js';
import { dateTime, invalidOcpiObject, isObj, text, type VALIDATORS } from './validators.js';

/** The RECEIVER endpoints of locations, tariffs, sessions and cdrs, kept in the context's stores. */
export function createReceivers(ctx: EmspContext) {
  const { locations, cdrs, moduleUrl } = ctx;

  /** The URL's country_code/party_id must be the peer's (transport_and_format, Client Owned Object Push). */
  function ownedBy(countryCode: string | undefined, partyId: string | undefined): Reply | null {
    if (!countryCode || !partyId)
      return fail(200, Status.invalidParameters, 'country_code and party_id are required in the URL');
    const match = ctx.peer?.roles.some(
      (r) =>
        r.country_code.toUpperCase() === countryCode.toUpperCase() &&
        r.party_id.toUpperCase() === partyId.toUpperCase(),
    );
    return match
      ? null
      : fail(404, Status.clientError, `${countryCode}/${partyId} is not a party of this connection`);
  }
  function sameOwner(
    o: Obj,
    countryCode: string,
    partyId: string,
    idField: string,
    id: string,
  ): Reply | null {
    if (o[idField] !== undefined && o[idField] !== id)
      return fail(
        400,
        Status.invalidParameters,
        `${idField} ${text(o[idField])} differs from the URL's ${id}`,
      );
    if (o.country_code !== undefined && text(o.country_code).toUpperCase() !== countryCode.toUpperCase())
      return fail(200, Status.invalidParameters, 'country_code differs from the URL');
    if (o.party_id !== undefined && text(o.party_id).toUpperCase() !== partyId.toUpperCase())
      return fail(200, Status.invalidParameters, 'party_id differs from the URL');
    return null;
  }
  const key = (countryCode: string, partyId: string, id: string) =>
    `${countryCode.toUpperCase()}/${partyId.toUpperCase()}/${id}`;
  const invalid = (kind: keyof typeof VALIDATORS, v: unknown) => {
    const err = invalidOcpiObject(kind, v);
    return err ? fail(200, Status.invalidParameters, `invalid ${kind}: ${err}`) : null;
  };
  function patchable(body: unknown): Reply | null {
    if (!isObj(body)) return fail(200, Status.invalidParameters, 'a PATCH body must be an object');
    // "Any request to the PATCH method SHALL contain the last_updated field."
    if (dateTime(body.last_updated))
      return fail(200, Status.invalidParameters, 'last_updated is required in a PATCH');
    return null;
  }

  function locationsReceiver(method: string, rest: string[], body: unknown): Reply {
    const [c, p, locationId, evseUid, connectorId, ...extra] = rest;
    if (!locationId || extra.length) return fail(404, Status.clientError, 'no such endpoint');
    const refused = ownedBy(c, p);
    if (refused) return refused;
    const k = key(c!, p!, locationId);
    const location = locations.get(k);
    const evses = () => (location!.evses ??= []) as Obj[];
    const evse = evseUid && location ? evses().find((e) => e.uid === evseUid) : undefined;
    const connectors = () => (evse!.connectors ??= []) as Obj[];
    const connector = connectorId && evse ? connectors().find((x) => x.id === connectorId) : undefined;
    const touch = (lastUpdated: unknown) => {
      if (location && typeof lastUpdated === 'string') location.last_updated = lastUpdated;
      if (evse && connectorId && typeof lastUpdated === 'string') evse.last_updated = lastUpdated;
    };
    if (method === 'GET') {
      const found = connectorId ? connector : evseUid ? evse : location;
      return found ? ok(found) : fail(404, Status.unknownLocation, 'unknown object');
    }
    if (method === 'PUT') {
      if (!connectorId && !evseUid) {
        const bad = invalid('location', body) ?? sameOwner(body as Obj, c!, p!, 'id', locationId);
        if (bad) return bad;
        for (const e of ((body as Obj).evses ?? []) as unknown[]) {
          const badEvse = invalid('evse', e);
          if (badEvse) return badEvse;
        }
        const isNew = !locations.has(k);
        locations.set(k, structuredClone(body as Obj));
        return isNew ? created() : ok();
      }
      if (!location) return fail(404, Status.unknownLocation, `unknown location ${locationId}`);
      if (!connectorId) {
        const bad = invalid('evse', body) ?? sameOwner(body as Obj, c!, p!, 'uid', evseUid!);
        if (bad) return bad;
        const list = evses();
        const at = list.findIndex((e) => e.uid === evseUid);
        if (at >= 0) list[at] = structuredClone(body as Obj);
        else list.push(structuredClone(body as Obj));
        touch((body as Obj).last_updated);
        return at >= 0 ? ok() : created();
      }
      if (!evse) return fail(404, Status.unknownLocation, `unknown EVSE ${evseUid}`);
      const bad = invalid('connector', body) ?? sameOwner(body as Obj, c!, p!, 'id', connectorId);
      if (bad) return bad;
      const list = connectors();
      const at = list.findIndex((x) => x.id === connectorId);
      if (at >= 0) list[at] = structuredClone(body as Obj);
      else list.push(structuredClone(body as Obj));
      touch((body as Obj).last_updated);
      return at >= 0 ? ok() : created();
    }
    if (method === 'PATCH') {
      const bad = patchable(body);
      if (bad) return bad;
      const target = connectorId ? connector : evseUid ? evse : location;
      if (!target) return fail(404, Status.unknownLocation, 'unknown object: PUT it first');
      Object.assign(target, structuredClone(body as Obj));
      touch((body as Obj).last_updated);
      return ok();
    }
    return fail(405, Status.clientError, `${method} is not allowed on locations`);
  }

  function simpleReceiver(
    method: string,
    rest: string[],
    body: unknown,
    store: Map<string, Obj>,
    kind: 'tariff' | 'session',
    methods: string[],
  ): Reply {
    const [c, p, id, ...extra] = rest;
    if (!id || extra.length) return fail(404, Status.clientError, 'no such endpoint');
    if (!methods.includes(method))
      return fail(405, Status.clientError, `${method} is not allowed on ${kind}s`);
    const refused = ownedBy(c, p);
    if (refused) return refused;
    const k = key(c!, p!, id);
    if (method === 'GET')
      return store.has(k) ? ok(store.get(k)) : fail(404, Status.clientError, `unknown ${kind}`);
    if (method === 'DELETE') {
      if (!store.delete(k)) return fail(404, Status.clientError, `unknown ${kind}`);
      return ok();
    }
    if (method === 'PUT') {
      const bad = invalid(kind, body) ?? sameOwner(body as Obj, c!, p!, 'id', id);
      if (bad) return bad;
      const isNew = !store.has(k);
      store.set(k, structuredClone(body as Obj));
      return isNew ? created() : ok();
    }
    const bad = patchable(body);
    if (bad) return bad;
    const existing = store.get(k);
    if (!existing) return fail(404, Status.clientError, `unknown ${kind}: PUT it first`);
    Object.assign(existing, structuredClone(body as Obj));
    return ok();
  }

  function cdrsReceiver(method: string, rest: string[], body: unknown): Reply {
    if (method === 'POST' && rest.length === 0) {
      const bad = invalid('cdr', body);
      if (bad) return bad;
      const cdr = body as Obj;
      const refused = ownedBy(cdr.country_code as string, cdr.party_id as string);
      if (refused) return refused;
      const k = key(cdr.country_code as string, cdr.party_id as string, cdr.id as string);
      // CDRs cannot be changed: a second CDR with the same id is refused.
      if (cdrs.has(k)) return fail(200, Status.invalidParameters, `CDR ${String(cdr.id)} was posted before`);
      cdrs.set(k, structuredClone(cdr));
      return created({
        location: `${moduleUrl('cdrs')}/${k.split('/').map(encodeURIComponent).join('/')}`,
      });
    }
    if (method === 'GET' && rest.length === 3) {
      const found = cdrs.get(key(rest[0]!, rest[1]!, rest[2]!));
      return found ? ok(found) : fail(404, Status.clientError, 'unknown CDR');
    }
    return fail(405, Status.clientError, `${method} is not allowed here on cdrs`);
  }

  return { locationsReceiver, simpleReceiver, cdrsReceiver };
}
