/**
 * The roaming bench's world (bench/roaming.ts): local OCPI receivers for N partners, a network of
 * chargers with two connectors each, and the partners registered to it.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import type { Db } from '../../apps/server/src/db/client.js';
import {
  chargePoints,
  connectors,
  operators,
  roamingPartners,
  tariffs,
} from '../../apps/server/src/db/schema/index.js';
import { cursorNow } from '../../apps/server/src/modules/events/commit-order.js';
import type { OwnParty } from '../../apps/server/src/modules/roaming/ocpi/credentials.js';

/** One partner's receiver: the last status of each EVSE it was told, and what it was sent. */
export interface Receiver {
  server: Server;
  patches: number;
  puts: number;
  /** EVSE uid → [OCPI status, last_updated]. */
  evses: Map<string, [string, string]>;
}

/**
 * `count` local OCPI receivers of locations and tariffs, answering 200 with the envelope;
 * `onPatch` hears the `last_updated` (ms) of every EVSE PATCH.
 */
export async function startReceivers(count: number, onPatch: (lastUpdatedMs: number) => void) {
  const receivers: Receiver[] = [];
  for (let i = 0; i < count; i++) {
    const r: Receiver = { server: createServer(), patches: 0, puts: 0, evses: new Map() };
    r.server.on('request', (req, res) => {
      let body = '';
      req.on('data', (c: Buffer) => (body += c.toString()));
      req.on('end', () => {
        // …/locations/{country}/{party}/{location}/{evse} for an EVSE's PATCH.
        const parts = (req.url ?? '').split('/');
        if (req.method === 'PATCH') {
          const patch = JSON.parse(body) as { status: string; last_updated: string };
          const uid = parts.at(-1) ?? '';
          const seen = r.evses.get(uid);
          if (!seen || seen[1] <= patch.last_updated) r.evses.set(uid, [patch.status, patch.last_updated]);
          r.patches++;
          const at = Date.parse(patch.last_updated);
          onPatch(at);
        } else if (req.method === 'PUT') {
          r.puts++;
          // A whole location: its EVSEs' statuses as of the PUT.
          const location = JSON.parse(body) as {
            evses?: { uid: string; status: string; last_updated: string }[];
          };
          for (const e of location.evses ?? []) r.evses.set(e.uid, [e.status, e.last_updated]);
        }
        res.writeHead(200, { 'content-type': 'application/json' }).end(
          JSON.stringify({
            status_code: 1000,
            status_message: 'Success',
            timestamp: new Date().toISOString(),
          }),
        );
      });
    });
    await new Promise<void>((resolve) => r.server.listen(0, '127.0.0.1', resolve));
    receivers.push(r);
  }
  return receivers;
}

/** One operator, its chargers (connected, with coordinates) with two connectors each, one tariff. */
export async function seedNetwork(db: Db, chargers: number) {
  const [op] = await db.insert(operators).values({ name: 'Bench roaming network', path: '' }).returning();
  const operatorId = op!.id;
  await db
    .update(operators)
    .set({ path: `/${operatorId}/` })
    .where(eq(operators.id, operatorId));
  const [tariff] = await db
    .insert(tariffs)
    .values({
      operatorId,
      name: 'Bench AC',
      type: 'AC',
      paymentType: 'Prepaid',
      currency: 'TRY',
      pricePerKwh: 850,
      validFrom: new Date(Date.now() - 86_400_000),
      createdAt: new Date(Date.now() - 600_000),
      updatedAt: new Date(Date.now() - 600_000),
    })
    .returning({ id: tariffs.id });
  /** Each connector: charge point id, connector id, its row id (the EVSE uid), its current status. */
  const evses: { chargePointId: number; connectorId: number; uid: string; status: string }[] = [];
  // Made ten minutes ago: a pass re-sends the locations changed within its overlap (5 s) of the
  // last one, which rows made just now would be.
  const setupAt = new Date(Date.now() - 600_000);
  for (let first = 1; first <= chargers; first += 500) {
    const numbers = Array.from({ length: Math.min(500, chargers - first + 1) }, (_, i) => first + i);
    await db.transaction(async (tx) => {
      const rows = await tx
        .insert(chargePoints)
        .values(
          numbers.map((n) => ({
            chargePointId: `ROAM-${String(n).padStart(5, '0')}`,
            operatorId,
            name: `Bench ${n}`,
            registrationStatus: 'accepted',
            latitude: 41 + (n % 100) / 1000,
            longitude: 29 + Math.floor(n / 100) / 1000,
            connected: true,
            lastConnectedAt: setupAt,
            status: 'Available',
            statusAt: setupAt,
            createdAt: setupAt,
            updatedAt: setupAt,
          })),
        )
        .returning({ id: chargePoints.id });
      const made = await tx
        .insert(connectors)
        .values(
          rows.flatMap((r) =>
            [1, 2].map((connectorId) => ({
              chargePointId: r.id,
              connectorId,
              status: 'Available',
              statusAt: setupAt,
              createdAt: setupAt,
              tariffId: tariff!.id,
            })),
          ),
        )
        .returning({
          id: connectors.id,
          chargePointId: connectors.chargePointId,
          connectorId: connectors.connectorId,
        });
      for (const c of made)
        evses.push({
          chargePointId: c.chargePointId,
          connectorId: c.connectorId,
          uid: String(c.id),
          status: 'Available',
        });
    });
  }
  return { operatorId, evses };
}

/** Voltline's party as the bench's pusher presents it. */
export const own: OwnParty = {
  countryCode: 'TR',
  partyId: 'VLT',
  name: 'Voltline',
  versionsUrl: 'http://127.0.0.1/ocpi/versions',
  website: 'http://127.0.0.1',
};
/** A registered partner per receiver, shown the operator, its cursor at now. */
export async function insertPartners(db: Db, receivers: Receiver[], operatorId: number): Promise<number[]> {
  const cursor = await cursorNow(db);
  return (
    await db
      .insert(roamingPartners)
      .values(
        receivers.map((r, i) => {
          const base = `http://127.0.0.1:${(r.server.address() as AddressInfo).port}/ocpi/emsp/2.2.1`;
          return {
            operatorId,
            name: `Bench eMSP ${i + 1}`,
            state: 'registered',
            direction: 'outbound',
            countryCode: 'NL',
            partyId: `E${String(i).padStart(2, '0')}`,
            role: 'EMSP',
            version: '2.2.1',
            endpoints: [
              { identifier: 'locations', role: 'RECEIVER', url: `${base}/locations` },
              { identifier: 'tariffs', role: 'RECEIVER', url: `${base}/tariffs` },
            ],
            outgoingToken: `bench-token-${i}`,
            publishedOperatorIds: [operatorId],
            pushCursor: cursor.id,
            pushCursorTx: cursor.tx,
          } satisfies typeof roamingPartners.$inferInsert;
        }),
      )
      .returning({ id: roamingPartners.id })
  ).map((p) => p.id);
}
