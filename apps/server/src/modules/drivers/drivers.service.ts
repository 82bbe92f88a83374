import type {
  BalanceAdjustmentBody,
  BalanceEntry,
  BalanceLedgerQuery,
  CreateDriverBody,
  Driver,
  DriverDetail,
  DriverFilter,
  DriverStatusChange,
  ManageStatusBody,
  Page,
  UpdateDriverBody,
} from '@voltline/contract';
import type { z } from 'zod';
import type { Tx, Db } from '../../db/client.js';
import type { Ctx } from '../../lib/context.js';
import { AppError, notFound } from '../../lib/errors.js';
import { inBatches } from '../../lib/excel.js';
import { hashPassword } from '../../lib/password.js';
import { audit, diff } from '../audit/audit.service.js';
import { findOperatorInScope } from '../operators/operators.repository.js';
import * as balances from './balance.repository.js';
import { driverInScope } from './drivers.access.js';
import { postBalanceEntry } from './balance.service.js';
import { addCard } from './driver-details.service.js';
import * as details from './driver-details.repository.js';
import * as repo from './drivers.repository.js';
import * as statuses from './status.repository.js';

type Filter = z.output<typeof DriverFilter>;
type CreateInput = z.output<typeof CreateDriverBody>;
type UpdateInput = z.output<typeof UpdateDriverBody>;
type AdjustInput = z.output<typeof BalanceAdjustmentBody>;
type StatusInput = z.output<typeof ManageStatusBody>;
type LedgerQuery = z.output<typeof BalanceLedgerQuery>;

/** Drivers: who sees and changes which driver, the ledger and the status rules. */
export class DriversService {
  constructor(private readonly db: Db) {}

  /** The filter's operator as a path prefix; null when it is out of reach (nothing matches). */
  private async operatorPath(ctx: Ctx, f: Filter): Promise<string | undefined | null> {
    if (!f.operatorId) return undefined;
    const op = await findOperatorInScope(this.db, ctx.actor, f.operatorId);
    return op ? op.path : null;
  }

  async page(ctx: Ctx, f: Filter, index: number, size: number): Promise<Page<Driver>> {
    const path = await this.operatorPath(ctx, f);
    if (path === null) return { items: [], total: 0, index, size };
    const [rows, total] = await Promise.all([
      repo.listDrivers(this.db, ctx.actor, f, index * size, size, path),
      repo.countDrivers(this.db, ctx.actor, f, path),
    ]);
    return { items: rows.map(repo.toDriver), total, index, size };
  }

  /** Every matching driver, in batches (exports). */
  all(ctx: Ctx, f: Filter): AsyncIterable<Driver> {
    const db = this.db;
    const pathOf = () => this.operatorPath(ctx, f);
    return (async function* () {
      const path = await pathOf();
      if (path === null) return;
      const gen = inBatches((offset, limit) => repo.listDrivers(db, ctx.actor, f, offset, limit, path));
      for await (const row of gen) yield repo.toDriver(row);
    })();
  }

  async byOperator(ctx: Ctx, operatorId: number): Promise<Driver[]> {
    const op = await findOperatorInScope(this.db, ctx.actor, operatorId);
    if (!op) throw notFound('operator');
    return (await repo.driversOfOperator(this.db, ctx.actor, operatorId, 1000)).map(repo.toDriver);
  }

  async get(ctx: Ctx, id: number, tx: Tx = this.db): Promise<DriverDetail> {
    const row = await driverInScope(tx, ctx, id);
    // One after another: `tx` may be a transaction, whose connection runs one query at a time.
    const addresses = await details.addressesOf(tx, id);
    const vehicles = await details.vehiclesOf(tx, id);
    const cards = await details.cardsOf(tx, id);
    return {
      ...repo.toDriver(row),
      addresses: addresses.map(details.toAddress),
      vehicles: vehicles.map(details.toVehicle),
      rfidCards: cards.map(details.toCard),
    };
  }

  private async checkOperator(tx: Tx, ctx: Ctx, operatorId: number) {
    const op = await findOperatorInScope(tx, ctx.actor, operatorId);
    if (!op || op.archivedAt) {
      throw new AppError(400, 'driver.operatorOutOfReach', {}, [
        { field: 'body.operatorId', key: 'driver.operatorOutOfReach' },
      ]);
    }
  }

  async create(ctx: Ctx, body: CreateInput): Promise<DriverDetail> {
    const passwordHash = body.password ? await hashPassword(body.password) : null;
    return this.db.transaction(async (tx) => {
      await this.checkOperator(tx, ctx, body.operatorId);
      const { id } = await repo.insertDriver(tx, {
        operatorId: body.operatorId,
        name: body.name,
        surname: body.surname,
        email: body.email ?? null,
        phone: body.phone,
        passwordHash,
        currency: body.currency,
      });
      for (const a of body.addresses) await details.insertAddress(tx, { ...a, driverId: id });
      for (const v of body.vehicles) {
        await details.insertVehicle(tx, { ...v, year: v.year ?? null, vin: v.vin ?? null, driverId: id });
      }
      const { password: _pw, rfidCards, ...shown } = body;
      await audit(tx, ctx, { action: 'create', entity: 'driver', entityId: id, summary: shown });
      for (const [i, c] of rfidCards.entries()) await addCard(tx, ctx, id, c, `body.rfidCards.${i}.number`);
      return this.get(ctx, id, tx);
    });
  }

  async update(ctx: Ctx, body: UpdateInput): Promise<DriverDetail> {
    const passwordHash = body.password ? await hashPassword(body.password) : undefined;
    return this.db.transaction(async (tx) => {
      const before = await driverInScope(tx, ctx, body.id, true);
      if (body.operatorId !== undefined && body.operatorId !== before.operatorId) {
        await this.checkOperator(tx, ctx, body.operatorId);
      }
      const changes = {
        name: body.name,
        surname: body.surname,
        email: body.email,
        phone: body.phone,
        operatorId: body.operatorId,
      };
      await repo.updateDriver(tx, body.id, { ...changes, ...(passwordHash ? { passwordHash } : {}) });
      const summary: Record<string, unknown> = diff(before as unknown as Record<string, unknown>, changes);
      if (passwordHash) summary.password = 'changed';
      await audit(tx, ctx, { action: 'update', entity: 'driver', entityId: body.id, summary });
      return this.get(ctx, body.id, tx);
    });
  }

  /** Soft delete: the ledger and history stay; the driver's cards are archived and stop working. */
  async remove(ctx: Ctx, id: number): Promise<void> {
    await this.db.transaction(async (tx) => {
      const target = await driverInScope(tx, ctx, id, true);
      if (await repo.hasActiveSession(tx, id)) throw new AppError(409, 'driver.activeSession');
      await repo.softDeleteDriver(tx, id);
      await audit(tx, ctx, {
        action: 'delete',
        entity: 'driver',
        entityId: id,
        summary: { name: target.name, surname: target.surname, balance: target.balance },
      });
    });
  }

  async adjustBalance(ctx: Ctx, body: AdjustInput): Promise<BalanceEntry> {
    return this.db.transaction(async (tx) => {
      await driverInScope(tx, ctx, body.driverId);
      const { entry, created } = await postBalanceEntry(tx, {
        driverId: body.driverId,
        amount: body.amount,
        kind: body.kind,
        reason: body.reason,
        reference: body.reference,
        userId: ctx.actor.userId,
      });
      if (created) {
        await audit(tx, ctx, {
          action: 'balance',
          entity: 'driver',
          entityId: body.driverId,
          summary: { entryId: entry.id, amount: entry.amount, kind: entry.kind, reason: entry.reason },
        });
      }
      return entry;
    });
  }

  async ledger(ctx: Ctx, driverId: number, q: LedgerQuery): Promise<Page<BalanceEntry>> {
    await driverInScope(this.db, ctx, driverId);
    const [rows, total] = await Promise.all([
      balances.ledgerPage(this.db, driverId, q.kind, q.index * q.size, q.size),
      balances.ledgerCount(this.db, driverId, q.kind),
    ]);
    return { items: rows.map(balances.toBalanceEntry), total, index: q.index, size: q.size };
  }

  async manageStatus(ctx: Ctx, body: StatusInput): Promise<DriverDetail> {
    return this.db.transaction(async (tx) => {
      const before = await driverInScope(tx, ctx, body.driverId, true);
      if (before.status === body.status) {
        throw new AppError(409, 'driver.statusUnchanged', { status: body.status });
      }
      await repo.updateDriver(tx, body.driverId, { status: body.status });
      await statuses.insertStatusChange(tx, {
        driverId: body.driverId,
        fromStatus: before.status,
        toStatus: body.status,
        reason: body.reason,
        userId: ctx.actor.userId,
      });
      await audit(tx, ctx, {
        action: 'status',
        entity: 'driver',
        entityId: body.driverId,
        summary: { status: [before.status, body.status], reason: body.reason },
      });
      return this.get(ctx, body.driverId, tx);
    });
  }

  async statusHistory(
    ctx: Ctx,
    driverId: number,
    index: number,
    size: number,
  ): Promise<Page<DriverStatusChange>> {
    await driverInScope(this.db, ctx, driverId);
    const [items, total] = await Promise.all([
      statuses.statusHistoryPage(this.db, driverId, index * size, size),
      statuses.statusHistoryCount(this.db, driverId),
    ]);
    return { items, total, index, size };
  }
}
