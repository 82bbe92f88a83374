import type { Role } from '@voltline/contract';
import { sql } from 'drizzle-orm';
import type { Config } from '../config.js';
import { DEMO_PASSWORD } from '../config.js';
import type { Db, Tx } from '../db/client.js';
import { balanceEntries, drivers, rfidCards } from '../db/schema/index.js';
import { hashPassword } from '../lib/password.js';
import { countOperators, insertOperator, upsertMerchant } from '../modules/operators/operators.repository.js';
import { insertUser } from '../modules/users/users.repository.js';

export interface SeedResult {
  created: boolean;
  accounts: { email: string; role: Role; operator: string }[];
}

export const DEMO_OPERATOR = 'Voltline Demo Network';

const DEMO_USERS: {
  email: string;
  name: string;
  surname: string;
  role: Role;
  operator: 'root' | 'istanbul';
}[] = [
  { email: 'main@voltline.local', name: 'Merve', surname: 'Aydın', role: 'Main Operator', operator: 'root' },
  { email: 'finance@voltline.local', name: 'Fatih', surname: 'Kaya', role: 'Finance', operator: 'root' },
  {
    email: 'support@voltline.local',
    name: 'Selin',
    surname: 'Demir',
    role: 'Technical Support',
    operator: 'root',
  },
  {
    email: 'safety@voltline.local',
    name: 'Emre',
    surname: 'Şahin',
    role: 'Site Safety Officer',
    operator: 'root',
  },
  {
    email: 'callcenter@voltline.local',
    name: 'Ceren',
    surname: 'Yıldız',
    role: 'CallCenter',
    operator: 'root',
  },
  {
    email: 'istanbul@voltline.local',
    name: 'Deniz',
    surname: 'Çelik',
    role: 'Main Operator',
    operator: 'istanbul',
  },
];

/** Any key, the same in every process: one seeds an empty database. */
const SEED_LOCK = 727_274_003;

/**
 * On an empty database: the first Admin under a top operator, and with SEED_DEMO the demo
 * network (two sub-operators, one user per role). Does nothing once any operator exists.
 */
export async function bootstrap(db: Db, config: Config): Promise<SeedResult> {
  if ((await countOperators(db)) > 0) return { created: false, accounts: [] };
  const adminHash = await hashPassword(config.ADMIN_PASSWORD);
  const demoHash = config.SEED_DEMO ? await hashPassword(DEMO_PASSWORD) : '';
  return db.transaction(async (tx) => {
    // Processes of a cluster starting together on an empty database: the first seeds, the others
    // wait for it here and then find the operators it wrote.
    await tx.execute(sql`SELECT pg_advisory_xact_lock(${SEED_LOCK})`);
    if ((await countOperators(tx)) > 0) return { created: false, accounts: [] };
    const rootName = config.SEED_DEMO ? DEMO_OPERATOR : 'Voltline';
    const root = await insertOperator(tx, {
      name: rootName,
      email: config.ADMIN_EMAIL,
      heartbeatInterval: 300,
      autoRegisterChargePoints: false,
    });
    await insertUser(tx, {
      operatorId: root.id,
      email: config.ADMIN_EMAIL,
      passwordHash: adminHash,
      name: 'Admin',
      surname: 'Voltline',
      roles: ['Admin'],
    });
    const accounts: SeedResult['accounts'] = [
      { email: config.ADMIN_EMAIL, role: 'Admin', operator: rootName },
    ];
    if (!config.SEED_DEMO) return { created: true, accounts };

    const istanbul = await insertOperator(tx, {
      name: 'Voltline İstanbul',
      parentId: root.id,
      email: 'istanbul@voltline.local',
      phone: '+90 212 555 01 01',
      prepaid: true,
      minBalance: 5000,
    });
    const ankara = await insertOperator(tx, {
      name: 'Voltline Ankara',
      parentId: root.id,
      email: 'ankara@voltline.local',
      phone: '+90 312 555 02 02',
    });
    // The portal saves an operator with its merchant (spec §3); the demo's do the same.
    await upsertMerchant(
      tx,
      istanbul.id,
      demoMerchant('İstanbul', '1234567890', 'TR330006100519786457841326'),
    );
    await upsertMerchant(tx, ankara.id, demoMerchant('Ankara', '9876543217', 'TR650001000000000000123456'));
    for (const u of DEMO_USERS) {
      const op = u.operator === 'root' ? root : istanbul;
      await insertUser(tx, {
        operatorId: op.id,
        email: u.email,
        passwordHash: demoHash,
        name: u.name,
        surname: u.surname,
        roles: [u.role],
      });
      accounts.push({ email: u.email, role: u.role, operator: op.name });
    }
    await seedDemoDrivers(tx, istanbul.id, ankara.id);
    return { created: true, accounts };
  });
}

/** A demo operator's merchant: check-digit-valid tax number and IBAN, fictitious. */
function demoMerchant(city: string, taxId: string, iban: string) {
  const slug = city === 'İstanbul' ? 'istanbul' : city.toLowerCase();
  return {
    legalName: `Voltline ${city} Şarj A.Ş.`,
    taxId,
    taxOffice: city,
    iban,
    addressLine1: 'Demo Cad. No: 1',
    addressLine2: null,
    city,
    country: 'TR',
    zipCode: null,
    contactName: 'Demo Finans',
    contactEmail: `finance.${slug}@voltline.local`,
    contactPhone: null,
  };
}

/** RFID cards the simulated chargers use; the first driver is prepaid under İstanbul's rule. */
export const DEMO_ID_TAGS = ['DEMO0001', 'DEMO0002', 'DEMO0003', 'DEMO0004'];

async function seedDemoDrivers(tx: Tx, istanbulId: number, ankaraId: number) {
  const people = [
    {
      name: 'Ali',
      surname: 'Yılmaz',
      email: 'ali.yilmaz@example.com',
      operatorId: istanbulId,
      balance: 50_000,
    },
    {
      name: 'Zeynep',
      surname: 'Arslan',
      email: 'zeynep.arslan@example.com',
      operatorId: istanbulId,
      balance: 120_000,
    },
    { name: 'Murat', surname: 'Öztürk', email: 'murat.ozturk@example.com', operatorId: ankaraId, balance: 0 },
    { name: 'Elif', surname: 'Koç', email: 'elif.koc@example.com', operatorId: ankaraId, balance: 0 },
  ];
  for (const [i, p] of people.entries()) {
    const [driver] = await tx
      .insert(drivers)
      .values({
        name: p.name,
        surname: p.surname,
        email: p.email,
        operatorId: p.operatorId,
        balance: p.balance,
      })
      .returning({ id: drivers.id });
    if (!driver) continue;
    if (p.balance > 0) {
      await tx.insert(balanceEntries).values({
        driverId: driver.id,
        amount: p.balance,
        kind: 'topup',
        reason: 'Demo opening balance',
        balanceAfter: p.balance,
      });
    }
    await tx.insert(rfidCards).values({
      driverId: driver.id,
      name: `${p.name}'s card`,
      number: DEMO_ID_TAGS[i] ?? `DEMO${i}`,
      expiresAt: new Date(Date.now() + 2 * 365 * 86_400_000),
    });
  }
}
