import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { and, asc, eq, isNull, like } from 'drizzle-orm';
import type { Config } from '../config.js';
import type { Db } from '../db/client.js';
import { chargePoints, connectors, operators } from '../db/schema/index.js';
import { generateChargerPassword, hashChargerPassword } from '../lib/charger-auth.js';

export const DEMO_PREFIX = 'VL-DEMO-';

const SITES = [
  { city: 'İstanbul', address: 'Büyükdere Cd. 185, Levent', lat: 41.0822, lng: 29.0106, zip: '34394' },
  { city: 'İstanbul', address: 'Bağdat Cd. 302, Kadıköy', lat: 40.9669, lng: 29.0701, zip: '34728' },
  {
    city: 'İstanbul',
    address: 'Atatürk Havalimanı Otoparkı, Bakırköy',
    lat: 40.9829,
    lng: 28.8104,
    zip: '34149',
  },
  { city: 'Ankara', address: 'Atatürk Blv. 199, Kavaklıdere', lat: 39.9057, lng: 32.8597, zip: '06680' },
  { city: 'Ankara', address: 'Eskişehir Yolu 7. km, Çankaya', lat: 39.9087, lng: 32.7547, zip: '06530' },
] as const;

function passwordsFile(config: Config) {
  return path.join(config.DATA_DIR, 'demo-chargers.json');
}

/** Passwords of the demo chargers, kept only in DATA_DIR so the built-in simulator can connect. */
export function readDemoPasswords(config: Config): Record<string, string> {
  const file = passwordsFile(config);
  return existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>) : {};
}

/**
 * Makes sure the demo network has `count` charge points (VL-DEMO-0001…) with two connectors
 * each, spread over the demo sub-operators. Creates only what is missing.
 */
export async function ensureDemoChargers(db: Db, config: Config, count: number): Promise<string[]> {
  const subs = await db
    .select({ id: operators.id, name: operators.name })
    .from(operators)
    .where(and(like(operators.name, 'Voltline %'), isNull(operators.archivedAt)))
    .orderBy(asc(operators.id));
  const istanbul = subs.find((o) => o.name === 'Voltline İstanbul');
  const ankara = subs.find((o) => o.name === 'Voltline Ankara');
  if (!istanbul || !ankara) return [];

  const passwords = readDemoPasswords(config);
  const ids: string[] = [];
  for (let n = 1; n <= count; n++) {
    const id = `${DEMO_PREFIX}${String(n).padStart(4, '0')}`;
    ids.push(id);
    const [existing] = await db
      .select({ id: chargePoints.id })
      .from(chargePoints)
      .where(eq(chargePoints.chargePointId, id));
    if (existing && passwords[id]) continue;
    const site = SITES[(n - 1) % SITES.length] ?? SITES[0];
    const jitter = Math.floor((n - 1) / SITES.length) * 0.004;
    const password = generateChargerPassword();
    passwords[id] = password;
    await db.transaction(async (tx) => {
      if (existing) {
        await tx
          .update(chargePoints)
          .set({ passwordHash: hashChargerPassword(password) })
          .where(eq(chargePoints.id, existing.id));
        return;
      }
      const [cp] = await tx
        .insert(chargePoints)
        .values({
          chargePointId: id,
          operatorId: site.city === 'Ankara' ? ankara.id : istanbul.id,
          name: `${site.city} ${site.address.split(',')[1]?.trim() ?? ''} #${n}`,
          passwordHash: hashChargerPassword(password),
          brand: 'Voltline',
          model: 'SimCharger 22',
          latitude: site.lat + jitter,
          longitude: site.lng + jitter,
          addressLine1: site.address,
          countryCode: 'TR',
          city: site.city,
          zipCode: site.zip,
          maxPower: 22_000,
          minPower: 1_400,
          powerUnit: 'W',
          openingTime: '00:00',
          closingTime: '23:59',
          activationDate: new Date(),
        })
        .returning({ id: chargePoints.id });
      if (!cp) return;
      // The EVSE ids drivers and roaming partners see (eMI3: country, operator, E + the EVSE).
      const evseUid = (c: number) => `TR*VLT*E${String(n).padStart(4, '0')}*${c}`;
      await tx.insert(connectors).values(
        [1, 2].map((c) => ({
          chargePointId: cp.id,
          connectorId: c,
          connectorType: 'Type2',
          maximumPower: 22_000,
          evseUid: evseUid(c),
        })),
      );
    });
  }
  writeFileSync(passwordsFile(config), JSON.stringify(passwords, null, 2), { mode: 0o600 });
  return ids;
}
