import type { Db, Tx } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import { localListCards, type LocalListEntry } from '../drivers/authorization.js';
import { listMessages, UNKNOWN_LIMITS, type LocalListLimitsLookup } from './local-list-limits.js';
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
 * holds. The version is above both the charger's reported one and the recorded one. The list goes
 * in as many messages as the charger's limits need (`listMessages`), and a list longer than the
 * charger holds is refused before anything is sent. Only a list Accepted whole changes the record;
 * one stopped part-way leaves the charger at the new version with part of the list, so Voltline
 * records that version as reported and not the entries: the next Differential goes as Full.
 */
export async function prepareLocalList(
  db: Db,
  cp: { id: number; chargePointId: string; operatorPath: string; ocppProtocol: string },
  wantsDiff: boolean,
  limitsOf?: LocalListLimitsLookup,
) {
  const cards = await localListCards(db, cp.operatorPath);
  const limits = limitsOf ? await limitsOf(cp) : UNKNOWN_LIMITS;
  if (limits.maxEntries !== null && cards.length > limits.maxEntries) {
    throw new AppError(409, 'command.localListTooLong', {
      chargePointId: cp.chargePointId,
      entries: cards.length,
      max: limits.maxEntries,
    });
  }
  const rec = await lastSentList(db, cp.id);
  const version = Math.max(rec?.reportedVersion ?? 0, rec?.version ?? 0) + 1;
  const unknown = wantsDiff ? knownList(rec) : null;
  const diff = wantsDiff && unknown === null;
  const list = diff ? differential(rec?.entries ?? {}, cards) : cards;
  const entries: ListEntries = Object.fromEntries(cards.map((c) => [c.idTag, c.idTagInfo]));
  const updateType = diff ? 'Differential' : 'Full';
  const parts = listMessages(list, { listVersion: version, updateType }, limits);
  const partial = async (tx: Tx, accepted = 0) => {
    if (accepted > 0) await saveReportedVersion(tx, cp.id, version);
  };
  const prepared: Prepared = {
    payload: parts[0] ?? {},
    parts,
    logged: {
      updateType,
      listVersion: version,
      entries: list.length,
      ...(parts.length > 1 ? { messages: parts.length } : {}),
    },
    after: async (tx, answer, accepted) => {
      if (answer.status === 'Accepted' && accepted === parts.length) {
        await saveAcceptedList(tx, cp.id, version, entries);
      } else await partial(tx, accepted);
    },
    failed: (tx, _err, accepted) => partial(tx, accepted),
    extra: {
      listVersion: version,
      entries: list.length,
      ...(parts.length > 1 ? { messages: parts.length } : {}),
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
