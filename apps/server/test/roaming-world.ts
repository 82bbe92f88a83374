import { createServer } from 'node:net';
import type { RoamingInvitation } from '@voltline/contract';
import { eq } from 'drizzle-orm';
import { chargePoints, connectors, tariffs } from '../src/db/schema/index.js';
import { createTestApp, type TestApp } from './helper.js';
import { registerChargePoint } from './ocpp-helper.js';
import { startOcpiEmsp, type OcpiEmsp, type OcpiEmspOptions } from './ocpi-emsp.js';

/** A port free on 127.0.0.1 now, for a server the eMSP must call back. */
export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number };
      s.close(() => resolve(port));
    });
  });

/**
 * Voltline listening on a real port (partners call it over HTTP), signed in as the demo's admin,
 * with the id of each demo operator by name. `env` adds configuration.
 */
export async function startRoamingServer(env: Record<string, string> = {}) {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const t: TestApp = await createTestApp({
    PUBLIC_URL: base,
    OCPI_ALLOW_PRIVATE: 'true',
    OCPI_TIMEOUT_SECONDS: '3',
    ...env,
  });
  await t.app.listen({ port, host: '127.0.0.1' });
  const admin = await t.login('admin@voltline.local');
  const ops = (
    await t.call<{ data: { id: number; name: string }[] }>('GET', '/api/portal/operator/lookup', {
      token: admin,
    })
  ).body.data;
  const operatorId = (name: string) => ops.find((o) => o.name === name)!.id;
  return { t, port, base, admin, ocppUrl: `ws://127.0.0.1:${port}/ocpp`, operatorId };
}
export type RoamingServer = Awaited<ReturnType<typeof startRoamingServer>>;

/**
 * A test eMSP registered with Voltline through an invitation of staff's, the operator's charge
 * points published to it; with the partner's id in Voltline.
 */
export async function registeredEmsp(
  s: RoamingServer,
  operatorId: number,
  options: OcpiEmspOptions & { name: string },
): Promise<{ emsp: OcpiEmsp; partnerId: number }> {
  const emsp = await startOcpiEmsp(options);
  const invited = await s.t.call<{ data: RoamingInvitation }>('POST', '/api/portal/Roaming/partners/invite', {
    token: s.admin,
    body: { operatorId, name: options.name, publishedOperatorIds: [operatorId] },
  });
  if (invited.status !== 200) throw new Error(`invitation refused: ${JSON.stringify(invited.body)}`);
  await emsp.registerWith(invited.body.data.versionsUrl, invited.body.data.tokenA);
  return { emsp, partnerId: invited.body.data.partner.id };
}

/**
 * A charge point of the operator (İstanbul by default) registered with the password, on the map in
 * İstanbul (partners are shown only charge points with coordinates); its EVSE uids by connector.
 */
export async function placeChargePoint(t: TestApp, id: string, password: string, operator?: string) {
  const cp = await registerChargePoint(t, id, password, operator);
  await t.database.db
    .update(chargePoints)
    .set({ latitude: 41.02, longitude: 28.97, city: 'İstanbul', countryCode: 'TR', addressLine1: id })
    .where(eq(chargePoints.id, cp.id));
  const rows = await t.database.db
    .select({ id: connectors.id })
    .from(connectors)
    .where(eq(connectors.chargePointId, cp.id))
    .orderBy(connectors.connectorId);
  return { id: cp.id, evses: rows.map((r) => String(r.id)) };
}

/** A postpaid tariff of the operator in TRY: ₺8.50 per kWh and ₺5.00 a session; its id. */
export async function roamingTariff(t: TestApp, operatorId: number, name: string): Promise<number> {
  const [tariff] = await t.database.db
    .insert(tariffs)
    .values({
      operatorId,
      name,
      type: 'Standard',
      paymentType: 'Postpaid',
      currency: 'TRY',
      pricePerKwh: 850,
      fixedPrice: 500,
    })
    .returning({ id: tariffs.id });
  return tariff!.id;
}
