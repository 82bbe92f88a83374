import { and, eq, isNull, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { chargingSessions, drivers, operators, rfidCards } from '../../db/schema/index.js';
import { executeNamed } from '../../db/prepared.js';
import { isAdhocToken, openAdhocToken } from './adhoc-tokens.js';
import { roamingAnswer, type RoamingGrant } from './roaming-tokens.js';
import type { CardVerdict } from './verdict.js';

export type { CardVerdict } from './verdict.js';

/** A card's answer as the domain gives it to the protocol adapters. */
export interface CardAnswer {
  status: CardVerdict;
  expiryDate?: string;
  /** The card's group (2.0.1 groupIdToken, 1.6 parentIdTag). */
  groupIdToken?: string;
}

/** The card's answer with who it is: the card and driver, and a prepaid driver's balance. */
export interface CardAuthorization extends CardAnswer {
  rfidCardId?: number;
  driverId?: number;
  /** A prepaid driver's balance (minor units) in the driver's currency, for the charger's display. */
  credit?: { balance: number; currency: string };
  /** A roaming partner's token (no card has the number): what a start links its session to. */
  roaming?: RoamingGrant;
}

/**
 * Where a roaming token is presented: its charge point (answers given there carry a start) and
 * whether a whitelist answer is recorded (an Authorize or a start; not a stop's card).
 */
export interface RoamingAt {
  chargePointId: number;
  record: boolean;
}

/** The root of an operator path: `/1/4/9/` → `/1/`. Authorize still accepts cards across one network's tree. */
export function networkOf(path: string): string {
  return `/${path.split('/')[1] ?? ''}/`;
}

/**
 * Where a card is meant to charge, and so what a charger's local list holds: at the chargers of its operator and of the operators below it (a
 * parent's cards roam down its tree), and at the chargers of the operators above it (a
 * sub-operator's cards work at its parent's chargers, which see the sub-operator's data anyway).
 * Never at a sibling's or a cousin's charger: their trees only meet above both. Authorize is
 * still network-wide (`networkOf`): every card of this rule is one Authorize accepts, not yet the
 * other way round (a sibling's card).
 */
export function cardWorksAt(cardOperatorPath: string, chargePointOperatorPath: string): boolean {
  return (
    chargePointOperatorPath.startsWith(cardOperatorPath) ||
    cardOperatorPath.startsWith(chargePointOperatorPath)
  );
}

/** The columns a card's answer depends on. */
const CARD = {
  id: rfidCards.id,
  number: rfidCards.number,
  status: rfidCards.status,
  expiresAt: rfidCards.expiresAt,
  archivedAt: rfidCards.archivedAt,
  groupIdToken: rfidCards.groupIdToken,
  driverId: drivers.id,
  driverStatus: drivers.status,
  balance: drivers.balance,
  operatorPath: operators.path,
  prepaid: operators.prepaid,
  minBalance: operators.minBalance,
};
type CardRow = {
  status: string;
  expiresAt: Date | null;
  archivedAt: Date | null;
  groupIdToken: string | null;
  driverStatus: string;
  balance: number;
  prepaid: boolean;
  minBalance: number;
};

type OwnVerdict = 'Accepted' | 'Blocked' | 'Expired' | 'NoCredit';

/**
 * What a known card of the right network may do, by itself: the one rule Authorize, starts and
 * local lists share. An archived or blocked card, or a blocked driver, is Blocked; a card past its
 * expiry is Expired; a prepaid driver under the operator's minimum balance is NoCredit. Never
 * ConcurrentTx: a start decides that (`cardBusy`). A refusal but Expired names no expiry.
 */
function cardInfo(
  card: CardRow,
  now: Date,
): { status: OwnVerdict; expiryDate?: string; groupIdToken?: string } {
  const expiryDate = card.expiresAt?.toISOString();
  const status: OwnVerdict =
    card.archivedAt || card.status !== 'active' || card.driverStatus !== 'active'
      ? 'Blocked'
      : card.expiresAt && card.expiresAt.getTime() <= now.getTime()
        ? 'Expired'
        : card.prepaid && card.balance < card.minBalance
          ? 'NoCredit'
          : 'Accepted';
  return {
    status,
    ...(expiryDate && (status === 'Accepted' || status === 'Expired') ? { expiryDate } : {}),
    ...(card.groupIdToken ? { groupIdToken: card.groupIdToken } : {}),
  };
}

/** A card's row as `authorizeIdTag` reads it, in fixed SQL (no query building: it runs for every Authorize, Start and Stop). */
const CARD_COLUMNS = `SELECT c.id, c.status, c.expires_at, c.archived_at, c.group_id_token, d.id AS driver_id,
    d.status AS driver_status, d.balance, d.currency, o.path AS operator_path, o.prepaid, o.min_balance`;
const CARD_FROM = ` FROM rfid_cards c
  JOIN drivers d ON d.id = c.driver_id
  JOIN operators o ON o.id = d.operator_id
  WHERE upper(c.number) = upper(`;
const CARD_HEAD = sql.raw(CARD_COLUMNS + CARD_FROM);
// With whether the card has an accepted session running (on the partial unique index per card).
const CARD_AND_BUSY_HEAD = sql.raw(
  `${CARD_COLUMNS}, EXISTS (SELECT 1 FROM charging_sessions s WHERE s.rfid_card_id = c.id AND s.state = 'active') AS busy${CARD_FROM}`,
);
const CARD_TAIL = sql.raw(`) AND d.deleted_at IS NULL LIMIT 1`);

type RawCard = {
  id: number;
  status: string;
  expires_at: Date | string | null;
  archived_at: Date | string | null;
  group_id_token: string | null;
  driver_id: number;
  driver_status: string;
  balance: number | string | bigint;
  currency: string;
  operator_path: string;
  prepaid: boolean;
  min_balance: number | string | bigint;
  busy?: boolean;
};

const dateOf = (v: Date | string | null): Date | null =>
  v === null ? null : v instanceof Date ? v : new Date(v);

async function readCard(tx: Tx, idTag: string, withBusy: boolean): Promise<RawCard | undefined> {
  const head = withBusy ? CARD_AND_BUSY_HEAD : CARD_HEAD;
  const result = await executeNamed(
    tx,
    withBusy ? 'card_and_busy' : 'card',
    sql`${head}${idTag}${CARD_TAIL}`,
  );
  return (result as { rows: RawCard[] }).rows[0];
}

export async function authorizeIdTag(
  tx: Tx,
  idTag: string,
  chargePointOperatorPath: string,
  now = new Date(),
  roamingAt?: RoamingAt,
): Promise<CardAuthorization> {
  const { busy: _busy, ...info } = await authorizeCard(
    tx,
    idTag,
    chargePointOperatorPath,
    false,
    now,
    roamingAt,
  );
  return info;
}

/**
 * `authorizeIdTag` and, in the same statement, whether an accepted session of the card runs
 * (`cardBusy`'s hint, for StartTransaction).
 */
export async function authorizeCard(
  tx: Tx,
  idTag: string,
  chargePointOperatorPath: string,
  withBusy: boolean,
  now = new Date(),
  roamingAt?: RoamingAt,
): Promise<CardAuthorization & { busy?: boolean }> {
  const raw = await readCard(tx, idTag, withBusy);
  if (!raw) {
    // A stranger's paid charge (issue #30) starts with its payment's token, which no card has.
    if (isAdhocToken(idTag) && (await openAdhocToken(tx, idTag, chargePointOperatorPath))) {
      return { status: 'Accepted' };
    }
    // A roaming partner's token (issue #31): the eMSP's answers and its whitelist decide.
    const roaming = await roamingAnswer(tx, idTag, roamingAt?.chargePointId, roamingAt?.record ?? false, now);
    if (roaming) return { status: roaming.status, roaming: roaming.grant };
    return { status: 'Unknown' };
  }
  // A card of another network is no card here, though its number is taken: Invalid, not Unknown.
  if (networkOf(raw.operator_path) !== networkOf(chargePointOperatorPath)) return { status: 'Invalid' };
  const card: CardRow = {
    status: raw.status,
    expiresAt: dateOf(raw.expires_at),
    archivedAt: dateOf(raw.archived_at),
    groupIdToken: raw.group_id_token,
    driverStatus: raw.driver_status,
    balance: Number(raw.balance),
    prepaid: raw.prepaid,
    minBalance: Number(raw.min_balance),
  };
  const info = cardInfo(card, now);
  const shown = card.prepaid && (info.status === 'Accepted' || info.status === 'NoCredit');
  return {
    ...info,
    rfidCardId: raw.id,
    driverId: raw.driver_id,
    ...(shown ? { credit: { balance: card.balance, currency: raw.currency } } : {}),
    ...(withBusy ? { busy: raw.busy === true } : {}),
  };
}

/**
 * Whether the card has an accepted session running (other than `exceptSessionId`). Only a hint:
 * the unique index on running sessions per card is what holds under concurrent starts.
 */
export async function cardBusy(tx: Tx, rfidCardId: number, exceptSessionId?: number): Promise<boolean> {
  const [running] = await tx
    .select({ id: chargingSessions.id })
    .from(chargingSessions)
    .where(
      and(
        eq(chargingSessions.rfidCardId, rfidCardId),
        eq(chargingSessions.state, 'active'),
        exceptSessionId ? sql`${chargingSessions.id} <> ${exceptSessionId}` : undefined,
      ),
    )
    .limit(1);
  return running !== undefined;
}

/** A local-list entry in the command language (1.6's shapes: NoCredit is said Blocked there). */
export interface LocalListEntry {
  idTag: string;
  idTagInfo: { status: 'Accepted' | 'Blocked' | 'Expired'; expiryDate?: string; parentIdTag?: string };
}

/**
 * Every card that may charge at the charge point (`cardWorksAt`: its operator's, those above it
 * and those below it; never a sibling's), with what Authorize would answer for it now, for a
 * charger's local authorization list. Archived cards and deleted drivers are left out (a
 * Differential update removes them from the charger), as Authorize answers them Blocked or Invalid.
 */
export async function localListCards(
  tx: Tx,
  chargePointOperatorPath: string,
  now = new Date(),
): Promise<LocalListEntry[]> {
  const rows = await tx
    .select(CARD)
    .from(rfidCards)
    .innerJoin(drivers, eq(drivers.id, rfidCards.driverId))
    .innerJoin(operators, eq(operators.id, drivers.operatorId))
    .where(
      and(
        isNull(rfidCards.archivedAt),
        isNull(drivers.deletedAt),
        sql`(${operators.path} LIKE ${`${chargePointOperatorPath}%`} OR position(${operators.path} in ${chargePointOperatorPath}) = 1)`,
      ),
    )
    .orderBy(rfidCards.number);
  return rows.map((c) => {
    const { status, expiryDate, groupIdToken } = cardInfo(c, now);
    const idTagInfo: LocalListEntry['idTagInfo'] = { status: status === 'NoCredit' ? 'Blocked' : status };
    if (expiryDate) idTagInfo.expiryDate = expiryDate;
    if (groupIdToken) idTagInfo.parentIdTag = groupIdToken;
    return { idTag: c.number, idTagInfo };
  });
}
