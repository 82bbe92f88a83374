import {
  OPEN_DIAGNOSTICS_STATES,
  type DiagnosticsKind,
  type DiagnosticsRequest,
  type DiagnosticsState,
  type Page,
} from '@voltline/contract';
import { and, count, desc, eq, gte, inArray, isNull, lt, ne, sql, type SQL } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import {
  chargePoints,
  diagnosticsRequests,
  diagnosticsSettings,
  fileGrants,
  operators,
  storedFiles,
  users,
} from '../../db/schema/index.js';
import { inScope, type Actor } from '../../lib/context.js';

export type DiagnosticsRow = typeof diagnosticsRequests.$inferSelect;

export async function insertRequest(tx: Tx, values: typeof diagnosticsRequests.$inferInsert) {
  const [row] = await tx.insert(diagnosticsRequests).values(values).returning();
  if (!row) throw new Error('diagnostics request not inserted');
  return row;
}

export async function updateRequest(
  tx: Tx,
  id: number,
  set: Partial<Pick<DiagnosticsRow, 'status' | 'error' | 'fileName' | 'storedFileId' | 'answer'>>,
): Promise<void> {
  await tx
    .update(diagnosticsRequests)
    .set({ ...set, updatedAt: sql`now()` })
    .where(eq(diagnosticsRequests.id, id));
}

/** The charger's newest GetDiagnostics it may still report on (GetLogs are named by their requestId). */
export async function newestOpen(tx: Tx, chargePointId: number): Promise<DiagnosticsRow | null> {
  const [row] = await tx
    .select()
    .from(diagnosticsRequests)
    .where(
      and(
        eq(diagnosticsRequests.chargePointId, chargePointId),
        isNull(diagnosticsRequests.logType),
        inArray(diagnosticsRequests.status, [...OPEN_DIAGNOSTICS_STATES]),
      ),
    )
    .orderBy(desc(diagnosticsRequests.createdAt), desc(diagnosticsRequests.id))
    .limit(1);
  return row ?? null;
}

/** A charger's GetLog by its requestId (the row's id): one charger cannot report on another's. */
export async function logRequest(
  tx: Tx,
  chargePointId: number,
  requestId: number,
): Promise<DiagnosticsRow | null> {
  const [row] = await tx
    .select()
    .from(diagnosticsRequests)
    .where(
      and(
        eq(diagnosticsRequests.id, requestId),
        eq(diagnosticsRequests.chargePointId, chargePointId),
        sql`${diagnosticsRequests.logType} is not null`,
      ),
    )
    .limit(1);
  return row ?? null;
}

/**
 * GetLog answered AcceptedCanceled: the charger dropped the upload it was running for an earlier
 * GetLog, which is closed as failed (its file will not come).
 */
export function cancelEarlierLogs(tx: Tx, chargePointId: number, exceptId: number) {
  return tx
    .update(diagnosticsRequests)
    .set({ status: 'UploadFailed', error: 'canceledByNewerRequest', updatedAt: sql`now()` })
    .where(
      and(
        eq(diagnosticsRequests.chargePointId, chargePointId),
        sql`${diagnosticsRequests.logType} is not null`,
        ne(diagnosticsRequests.id, exceptId),
        inArray(diagnosticsRequests.status, [...OPEN_DIAGNOSTICS_STATES]),
      ),
    );
}

export async function byGrant(tx: Tx, grantId: number): Promise<DiagnosticsRow | null> {
  const [row] = await tx
    .select()
    .from(diagnosticsRequests)
    .where(eq(diagnosticsRequests.grantId, grantId))
    .limit(1);
  return row ?? null;
}

export function filesOfGrant(tx: Tx, grantId: number) {
  return tx
    .select({ id: storedFiles.id, key: storedFiles.key })
    .from(storedFiles)
    .where(and(eq(storedFiles.grantId, grantId), eq(storedFiles.kind, 'diagnostics')));
}

export function deleteStoredFiles(tx: Tx, ids: number[]) {
  return ids.length ? tx.delete(storedFiles).where(inArray(storedFiles.id, ids)) : Promise.resolve();
}

export interface ListFilter {
  chargePointId?: string | undefined;
  operatorId?: number | undefined;
  status?: DiagnosticsState | undefined;
  kind?: DiagnosticsKind | undefined;
  from?: string | undefined;
  to?: string | undefined;
}

function conditions(actor: Actor, f: ListFilter): SQL | undefined {
  return and(
    inScope(actor, operators.path),
    f.chargePointId ? sql`lower(${chargePoints.chargePointId}) = lower(${f.chargePointId})` : undefined,
    f.operatorId
      ? sql`${operators.path} like (select o.path from operators o where o.id = ${f.operatorId}) || '%'`
      : undefined,
    f.status ? eq(diagnosticsRequests.status, f.status) : undefined,
    f.kind === 'Diagnostics' ? isNull(diagnosticsRequests.logType) : undefined,
    f.kind && f.kind !== 'Diagnostics' ? eq(diagnosticsRequests.logType, f.kind) : undefined,
    f.from ? gte(diagnosticsRequests.createdAt, new Date(f.from)) : undefined,
    f.to ? lt(diagnosticsRequests.createdAt, new Date(f.to)) : undefined,
  );
}

const listColumns = {
  r: diagnosticsRequests,
  chargePointId: chargePoints.chargePointId,
  operatorName: operators.name,
  userName: users.name,
  userSurname: users.surname,
  fileName: storedFiles.name,
  size: storedFiles.size,
  uploadedAt: storedFiles.createdAt,
};

/** The requests in the actor's reach, newest first. */
export async function pageRequests(
  tx: Tx,
  actor: Actor,
  f: ListFilter,
  index: number,
  size: number,
): Promise<Page<DiagnosticsRequest>> {
  const where = conditions(actor, f);
  const [rows, [all]] = await Promise.all([
    tx
      .select(listColumns)
      .from(diagnosticsRequests)
      .innerJoin(chargePoints, eq(chargePoints.id, diagnosticsRequests.chargePointId))
      .innerJoin(operators, eq(operators.id, diagnosticsRequests.operatorId))
      .leftJoin(users, eq(users.id, diagnosticsRequests.requestedBy))
      .leftJoin(storedFiles, eq(storedFiles.id, diagnosticsRequests.storedFileId))
      .where(where)
      .orderBy(desc(diagnosticsRequests.createdAt), desc(diagnosticsRequests.id))
      .limit(size)
      .offset(index * size),
    tx
      .select({ n: count() })
      .from(diagnosticsRequests)
      .innerJoin(chargePoints, eq(chargePoints.id, diagnosticsRequests.chargePointId))
      .innerJoin(operators, eq(operators.id, diagnosticsRequests.operatorId))
      .where(where),
  ]);
  return {
    items: rows.map((row) => ({
      id: row.r.id,
      kind: (row.r.logType ?? 'Diagnostics') as DiagnosticsKind,
      requestId: row.r.logType === null ? null : row.r.id,
      answer: row.r.answer,
      chargePointId: row.chargePointId,
      chargePointRecordId: row.r.chargePointId,
      operatorId: row.r.operatorId,
      operatorName: row.operatorName,
      requestedBy: row.userName === null ? null : `${row.userName} ${row.userSurname ?? ''}`.trim(),
      requestedAt: row.r.createdAt.toISOString(),
      startTime: row.r.startTime?.toISOString() ?? null,
      stopTime: row.r.stopTime?.toISOString() ?? null,
      retries: row.r.retries,
      retryInterval: row.r.retryInterval,
      status: row.r.status as DiagnosticsState,
      error: row.r.error,
      fileName: row.fileName ?? row.r.fileName,
      size: row.size,
      uploadedAt: row.uploadedAt?.toISOString() ?? null,
      downloadLink: row.r.storedFileId ? `portal/Ftp/Diagnostics/${row.r.id}/download` : null,
      updatedAt: row.r.updatedAt.toISOString(),
    })),
    total: all?.n ?? 0,
    index,
    size,
  };
}

/** A request's stored file, if the request is in the actor's reach and the file is kept. */
export async function fileInScope(tx: Tx, actor: Actor, id: number) {
  const [row] = await tx
    .select({ key: storedFiles.key, name: storedFiles.name, size: storedFiles.size })
    .from(diagnosticsRequests)
    .innerJoin(operators, eq(operators.id, diagnosticsRequests.operatorId))
    .innerJoin(storedFiles, eq(storedFiles.id, diagnosticsRequests.storedFileId))
    .where(and(eq(diagnosticsRequests.id, id), inScope(actor, operators.path)))
    .limit(1);
  return row ?? null;
}

export async function retentionDays(tx: Tx): Promise<number | null> {
  const [row] = await tx
    .select({ days: diagnosticsSettings.retentionDays })
    .from(diagnosticsSettings)
    .where(eq(diagnosticsSettings.id, 1));
  return row?.days ?? null;
}

export function saveRetentionDays(tx: Tx, days: number, userId: number) {
  return tx
    .insert(diagnosticsSettings)
    .values({ id: 1, retentionDays: days, updatedBy: userId })
    .onConflictDoUpdate({
      target: diagnosticsSettings.id,
      set: { retentionDays: days, updatedBy: userId, updatedAt: sql`now()` },
    });
}

/** Diagnostics files stored before `before`, oldest first. */
export function filesStoredBefore(tx: Tx, before: Date, limit: number) {
  return tx
    .select({ id: storedFiles.id, key: storedFiles.key })
    .from(storedFiles)
    .where(and(eq(storedFiles.kind, 'diagnostics'), lt(storedFiles.createdAt, before)))
    .orderBy(storedFiles.createdAt)
    .limit(limit);
}

/** Requests whose file is among these, or that were made under these files' grants, are `expired`. */
export function markExpired(tx: Tx, fileIds: number[]) {
  return tx
    .update(diagnosticsRequests)
    .set({ status: 'expired', storedFileId: null, updatedAt: sql`now()` })
    .where(inArray(diagnosticsRequests.storedFileId, fileIds));
}

/**
 * Open requests whose upload login has expired: the charger can no longer upload, so they failed
 * (the charger never said so). Returns how many.
 */
export async function closeAbandoned(tx: Tx, now: Date): Promise<number> {
  const rows = await tx
    .update(diagnosticsRequests)
    .set({ status: 'UploadFailed', error: 'uploadWindowClosed', updatedAt: sql`now()` })
    .where(
      and(
        inArray(diagnosticsRequests.status, [...OPEN_DIAGNOSTICS_STATES]),
        inArray(
          diagnosticsRequests.grantId,
          tx.select({ id: fileGrants.id }).from(fileGrants).where(lt(fileGrants.expiresAt, now)),
        ),
      ),
    )
    .returning({ id: diagnosticsRequests.id });
  return rows.length;
}
