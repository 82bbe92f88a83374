import type { Db } from '../../db/client.js';
import { localListCards, type LocalListEntry } from '../drivers/authorization.js';
import type { Prepared } from './prepared.js';
import {
  lastSentList,
  saveAcceptedList,
  saveReportedVersion,
  type ListEntries,
} from './local-lists.repository.js';

type Record_ = Awaited<ReturnType<typeof lastSentList>>;

/** Why a Differential was sent as Full: Voltline does not know the list the charger holds. */
export type FullInstead = 'noRecordedList' | 'versionMismatch';

/**
 * Whether Voltline knows what the charger holds: it recorded a list the charger Accepted, and
 * the version the charger last reported is that list's (OCPP 1.6 §5.15: a Differential is
 * applied to the list the charger has).
 */
function knownList(rec: Record_): FullInstead | null {
  if (!rec || rec.version === null) return 'noRecordedList';
  if (rec.reportedVersion !== rec.version) return 'versionMismatch';
  return null;
}

/** The entries to send for a Differential: added or changed ones with idTagInfo, removed ones without. */
export function differential(before: ListEntries, cards: LocalListEntry[]) {
  const now = new Set(cards.map((c) => c.idTag));
  return [
    ...cards.filter((c) => JSON.stringify(before[c.idTag]) !== JSON.stringify(c.idTagInfo)),
    ...Object.keys(before)
      .filter((idTag) => !now.has(idTag))
      .map((idTag) => ({ idTag })),
  ];
}

/**
 * SendLocalList from the cards that may charge at the charger (`localListCards`). Full sends
 * them all; Differential sends what changed against the list the charger Accepted last, and is
 * sent as Full (said in the result's `fullInstead`) when Voltline does not know what the charger
 * holds. The version is above both the charger's reported one and the recorded one. Only an
 * Accepted answer changes the record; Failed, VersionMismatch or NotSupported leave it.
 */
export async function prepareLocalList(db: Db, cp: { id: number; operatorPath: string }, wantsDiff: boolean) {
  const cards = await localListCards(db, cp.operatorPath);
  const rec = await lastSentList(db, cp.id);
  const version = Math.max(rec?.reportedVersion ?? 0, rec?.version ?? 0) + 1;
  const unknown = wantsDiff ? knownList(rec) : null;
  const diff = wantsDiff && unknown === null;
  const list = diff ? differential(rec?.entries ?? {}, cards) : cards;
  const entries: ListEntries = Object.fromEntries(cards.map((c) => [c.idTag, c.idTagInfo]));
  const updateType = diff ? 'Differential' : 'Full';
  const prepared: Prepared = {
    payload: { listVersion: version, updateType, localAuthorizationList: list },
    logged: { updateType, listVersion: version, entries: list.length },
    after: async (tx, answer) => {
      if (answer.status === 'Accepted') await saveAcceptedList(tx, cp.id, version, entries);
    },
    extra: {
      listVersion: version,
      entries: list.length,
      ...(unknown ? { updateType: 'Full', fullInstead: unknown } : {}),
    },
  };
  return prepared;
}

/** GetLocalListVersion: the charger's answer is recorded, with the version Voltline last had Accepted. */
export async function prepareListVersion(db: Db, cp: { id: number }, request: Record<string, unknown>) {
  const rec = await lastSentList(db, cp.id);
  const prepared: Prepared = {
    payload: request,
    logged: request,
    after: async (tx, answer) => {
      if (typeof answer.listVersion === 'number') await saveReportedVersion(tx, cp.id, answer.listVersion);
    },
    extra: { lastSentVersion: rec?.version ?? -1 },
  };
  return prepared;
}
