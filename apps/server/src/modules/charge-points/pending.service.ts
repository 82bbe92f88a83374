import {
  ApprovePendingChargePointBody,
  RejectPendingChargePointBody,
  type PendingChargePoint,
  type PendingChargePointList,
} from '@voltline/contract';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import type { Ctx } from '../../lib/context.js';
import { AppError, notFound } from '../../lib/errors.js';
import type { MessageKey } from '../../lib/messages.js';
import { audit } from '../audit/audit.service.js';
import { operatorInReach } from '../operators/reach.js';
import * as pending from './pending.repository.js';
import * as registry from './registry.repository.js';

const LISTED = 500;

type Row = Awaited<ReturnType<typeof pending.listPending>>[number];
const toPending = (r: Row): PendingChargePoint => ({
  ...r,
  firstSeenAt: r.firstSeenAt.toISOString(),
  lastSeenAt: r.lastSeenAt.toISOString(),
});

/**
 * Unknown chargers held at the installation level. They belong to no operator, so only an Admin
 * (whose reach is the whole installation) sees them and decides: approve one into an operator, where
 * it becomes a charge point, or delete it. Everyone else's reach holds none.
 */
export class PendingChargePointsService {
  constructor(private readonly db: Db) {}

  async list(ctx: Ctx): Promise<PendingChargePointList> {
    if (!ctx.actor.isAdmin) return { items: [], total: 0 };
    const [rows, total] = await Promise.all([
      pending.listPending(this.db, LISTED),
      pending.countPending(this.db),
    ]);
    return { items: rows.map(toPending), total };
  }

  /**
   * The charger joins the operator as an accepted charge point, with the password it first presented
   * and what its BootNotification said; it is let in at its next connection.
   */
  async approve(ctx: Ctx, raw: unknown) {
    // Scope before the body: no pending charger is in a non-Admin's reach, whatever they send.
    if (!ctx.actor.isAdmin) throw notFound('pendingChargePoint');
    const body = parse(ApprovePendingChargePointBody, raw);
    return this.db.transaction(async (tx) => {
      const row = await pending.findPending(tx, body.id);
      if (!row) throw notFound('pendingChargePoint');
      await operatorInReach(tx, ctx.actor, body.operatorId);
      if (await registry.idTaken(tx, row.chargePointId)) {
        throw new AppError(409, 'chargePoint.idTaken', {}, [
          { field: 'body.id', key: 'chargePoint.idTaken' },
        ]);
      }
      const name = body.name ?? row.chargePointId;
      const created = await registry.insertChargePoint(tx, {
        chargePointId: row.chargePointId,
        operatorId: body.operatorId,
        name,
        registrationStatus: 'accepted',
        passwordHash: row.passwordHash,
        vendor: row.vendor,
        model: row.model,
        serialNumber: row.serialNumber,
        firmwareVersion: row.firmwareVersion,
      });
      await pending.deletePending(tx, row.id);
      await audit(tx, ctx, {
        action: 'approve',
        entity: 'chargePoint',
        entityId: row.chargePointId,
        summary: {
          operatorId: body.operatorId,
          name,
          remoteAddress: row.remoteAddress,
          attempts: row.attempts,
          firstSeenAt: row.firstSeenAt.toISOString(),
        },
      });
      return { id: created.id, chargePointId: row.chargePointId };
    });
  }

  /** Forgets the charger; should it connect again, it is pending again. */
  async reject(ctx: Ctx, raw: unknown): Promise<void> {
    if (!ctx.actor.isAdmin) throw notFound('pendingChargePoint');
    const { id } = parse(RejectPendingChargePointBody, raw);
    await this.db.transaction(async (tx) => {
      const row = await pending.findPending(tx, id);
      if (!row) throw notFound('pendingChargePoint');
      await pending.deletePending(tx, row.id);
      await audit(tx, ctx, {
        action: 'reject',
        entity: 'chargePoint',
        entityId: row.chargePointId,
        summary: { remoteAddress: row.remoteAddress, attempts: row.attempts },
      });
    });
  }
}

/** A body, read once the caller is known to reach pending chargers at all. */
function parse<S extends z.ZodType>(schema: S, raw: unknown): z.output<S> {
  const parsed = schema.safeParse(raw ?? {});
  if (parsed.success) return parsed.data;
  throw new AppError(
    400,
    'error.validation',
    {},
    parsed.error.issues.map((issue) => {
      const field = ['body', ...issue.path.map(String)].join('.');
      const key: MessageKey =
        issue.code === 'too_big' && issue.origin === 'string'
          ? 'field.textTooLong'
          : issue.code === 'invalid_type' && issue.input === undefined
            ? 'validation.required'
            : 'field.invalid';
      return key === 'field.textTooLong' ? { field, key, params: { n: 120 } } : { field, key };
    }),
  );
}
