import type { BalanceEntry, BalanceEntryKind } from '@voltline/contract';
import type { Tx } from '../../db/client.js';
import { AppError, notFound } from '../../lib/errors.js';
import * as repo from './balance.repository.js';

export interface BalancePosting {
  driverId: number;
  /** Minor units: positive credits, negative debits. */
  amount: number;
  kind: BalanceEntryKind;
  /** Unique across the ledger (e.g. `session:42`); posting the same reference again is a no-op. */
  reference?: string | null;
  reason?: string | null;
  /** The portal user who posted it; null for the system (billing). */
  userId?: number | null;
  /** Staff debits may not take the balance below zero; charging costs may (the session already ran). */
  allowNegative?: boolean;
}

export interface BalancePosted {
  entry: BalanceEntry;
  /** false when the reference had been posted before and nothing changed. */
  created: boolean;
}

/**
 * The only way a driver's balance changes: one ledger entry, and drivers.balance moved by the same
 * amount, in the caller's transaction with the driver row locked (SELECT … FOR UPDATE), so
 * concurrent postings queue instead of overwriting each other. Billing calls this too.
 */
export async function postBalanceEntry(
  tx: Tx,
  p: BalancePosting,
  /** The driver row, when the caller has locked it in this transaction already (billing). */
  locked?: { balance: number; deletedAt: Date | null },
): Promise<BalancePosted> {
  const driver = locked ?? (await repo.lockDriverBalance(tx, p.driverId));
  if (!driver || driver.deletedAt) throw notFound('driver');
  const reference = p.reference ?? null;
  const balanceAfter = driver.balance + p.amount;
  // Money stays exact: a balance beyond ±2⁵³ minor units cannot be held in a number.
  const problem =
    !Number.isSafeInteger(p.amount) || !Number.isSafeInteger(balanceAfter)
      ? new AppError(409, 'driver.balanceOutOfRange')
      : p.amount < 0 && balanceAfter < 0 && !p.allowNegative
        ? new AppError(409, 'driver.balanceNegative', { balance: driver.balance })
        : undefined;
  if (problem) {
    // A posting made before is not refused for what the balance has become since.
    const seen = reference ? await replay(tx, p, reference) : undefined;
    if (seen) return { entry: seen, created: false };
    throw problem;
  }
  // The insert first: a new reference (the usual case) needs no read before it, and a reference
  // posted before (the unique index refused the row) is then checked for being the same posting.
  const inserted = await repo.insertEntry(tx, {
    driverId: p.driverId,
    amount: p.amount,
    kind: p.kind,
    reason: p.reason ?? null,
    reference,
    balanceAfter,
    userId: p.userId ?? null,
  });
  if (!inserted) {
    const seen = reference ? await replay(tx, p, reference) : undefined;
    if (seen) return { entry: seen, created: false };
    throw new AppError(409, 'driver.referenceUsed', { reference: reference ?? '' });
  }
  await repo.setBalance(tx, p.driverId, balanceAfter);
  // The system's postings (billing) name no user: the inserted row is the whole entry.
  const entry =
    inserted.userId === null
      ? { ...inserted, userEmail: null }
      : await repo.findEntry(tx, { id: inserted.id });
  if (!entry) throw notFound('balanceEntry');
  return { entry: repo.toBalanceEntry(entry), created: true };
}

/** The earlier entry with this reference if it is the same posting; a different one is a conflict. */
async function replay(tx: Tx, p: BalancePosting, reference: string): Promise<BalanceEntry | undefined> {
  const seen = await repo.findEntry(tx, { reference });
  if (!seen) return undefined;
  if (seen.driverId !== p.driverId || seen.amount !== p.amount || seen.kind !== p.kind) {
    throw new AppError(409, 'driver.referenceUsed', { reference });
  }
  return repo.toBalanceEntry(seen);
}
