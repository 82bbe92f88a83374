import type {
  AddAddressBody,
  AddRfidCardBody,
  AddVehicleBody,
  DriverAddress,
  DriverVehicle,
  RfidCard,
  RfidCardInput,
  UpdateAddressBody,
  UpdateRfidCardBody,
  UpdateVehicleBody,
} from '@voltline/contract';
import type { z } from 'zod';
import type { Tx, Db } from '../../db/client.js';
import type { Ctx } from '../../lib/context.js';
import { AppError, notFound } from '../../lib/errors.js';
import { audit, diff } from '../audit/audit.service.js';
import * as repo from './driver-details.repository.js';
import { driverInScope } from './drivers.access.js';

type Out<T extends z.ZodType> = z.output<T>;

/**
 * Adds a card to a driver the caller has already checked. Card numbers are OCPP idTags, unique
 * regardless of case; `field` names the input in the 409 details.
 */
export async function addCard(
  tx: Tx,
  ctx: Ctx,
  driverId: number,
  c: Out<typeof RfidCardInput>,
  field = 'body.number',
): Promise<RfidCard> {
  const taken = () =>
    new AppError(409, 'driver.cardNumberTaken', { number: c.number }, [
      { field, key: 'driver.cardNumberTaken' },
    ]);
  if (await repo.cardNumberTaken(tx, c.number)) throw taken();
  const row = await repo.insertCard(tx, {
    driverId,
    name: c.name,
    number: c.number,
    expiresAt: c.expiresAt ? new Date(c.expiresAt) : null,
    status: c.status,
    groupIdToken: c.groupIdToken ?? null,
  });
  if (!row) throw taken();
  await audit(tx, ctx, {
    action: 'create',
    entity: 'rfidCard',
    entityId: row.id,
    summary: {
      driverId,
      number: row.number,
      expiresAt: c.expiresAt ?? null,
      status: c.status,
      // Under a name the audit does not take for a secret ("token"): a group is no credential.
      group: row.groupIdToken,
    },
  });
  return repo.toCard(row);
}

/** A driver's addresses, vehicles and RFID cards. */
export class DriverDetailsService {
  constructor(private readonly db: Db) {}

  private tx<T>(fn: (tx: Tx) => Promise<T>): Promise<T> {
    return this.db.transaction(fn);
  }

  addAddress(ctx: Ctx, body: Out<typeof AddAddressBody>): Promise<DriverAddress> {
    return this.tx(async (tx) => {
      await driverInScope(tx, ctx, body.driverId);
      const row = await repo.insertAddress(tx, body);
      await audit(tx, ctx, { action: 'create', entity: 'address', entityId: row.id, summary: body });
      return repo.toAddress(row);
    });
  }

  updateAddress(ctx: Ctx, body: Out<typeof UpdateAddressBody>): Promise<DriverAddress> {
    return this.tx(async (tx) => {
      const before = await repo.findAddress(tx, ctx.actor, body.id);
      if (!before) throw notFound('address');
      const { id, ...changes } = body;
      const row = await repo.updateAddress(tx, id, changes);
      const summary = diff(before as unknown as Record<string, unknown>, changes);
      await audit(tx, ctx, { action: 'update', entity: 'address', entityId: id, summary });
      return repo.toAddress(row);
    });
  }

  removeAddress(ctx: Ctx, id: number): Promise<void> {
    return this.tx(async (tx) => {
      const before = await repo.findAddress(tx, ctx.actor, id);
      if (!before) throw notFound('address');
      await repo.deleteAddress(tx, id);
      await audit(tx, ctx, {
        action: 'delete',
        entity: 'address',
        entityId: id,
        summary: repo.toAddress(before),
      });
    });
  }

  addVehicle(ctx: Ctx, body: Out<typeof AddVehicleBody>): Promise<DriverVehicle> {
    return this.tx(async (tx) => {
      await driverInScope(tx, ctx, body.driverId);
      const row = await repo.insertVehicle(tx, { ...body, year: body.year ?? null, vin: body.vin ?? null });
      await audit(tx, ctx, { action: 'create', entity: 'vehicle', entityId: row.id, summary: body });
      return repo.toVehicle(row);
    });
  }

  updateVehicle(ctx: Ctx, body: Out<typeof UpdateVehicleBody>): Promise<DriverVehicle> {
    return this.tx(async (tx) => {
      const before = await repo.findVehicle(tx, ctx.actor, body.id);
      if (!before) throw notFound('vehicle');
      const { id, ...changes } = body;
      const row = await repo.updateVehicle(tx, id, changes);
      const summary = diff(before as unknown as Record<string, unknown>, changes);
      await audit(tx, ctx, { action: 'update', entity: 'vehicle', entityId: id, summary });
      return repo.toVehicle(row);
    });
  }

  removeVehicle(ctx: Ctx, id: number): Promise<void> {
    return this.tx(async (tx) => {
      const before = await repo.findVehicle(tx, ctx.actor, id);
      if (!before) throw notFound('vehicle');
      await repo.deleteVehicle(tx, id);
      await audit(tx, ctx, {
        action: 'delete',
        entity: 'vehicle',
        entityId: id,
        summary: repo.toVehicle(before),
      });
    });
  }

  async cards(ctx: Ctx, driverId: number): Promise<RfidCard[]> {
    await driverInScope(this.db, ctx, driverId);
    return (await repo.cardsOf(this.db, driverId)).map(repo.toCard);
  }

  /** Cards by id, only those of live drivers in the caller's reach (a bulk selection). */
  async cardsByIds(ctx: Ctx, ids: readonly number[]): Promise<RfidCard[]> {
    return (await repo.cardsInReach(this.db, ctx.actor, ids)).map(repo.toCard);
  }

  addCard(ctx: Ctx, body: Out<typeof AddRfidCardBody>): Promise<RfidCard> {
    return this.tx(async (tx) => {
      await driverInScope(tx, ctx, body.driverId);
      return addCard(tx, ctx, body.driverId, body);
    });
  }

  updateCard(ctx: Ctx, body: Out<typeof UpdateRfidCardBody>): Promise<RfidCard> {
    return this.tx(async (tx) => {
      const before = await repo.findCard(tx, ctx.actor, body.id, true);
      if (!before) throw notFound('rfidCard');
      const changes = {
        name: body.name,
        status: body.status,
        groupIdToken: body.groupIdToken,
        expiresAt:
          body.expiresAt === undefined ? undefined : body.expiresAt ? new Date(body.expiresAt) : null,
      };
      const row = await repo.updateCard(tx, body.id, changes);
      const { groupIdToken: group, ...rest } = changes;
      const summary = diff(
        { ...repo.toCard(before), group: before.groupIdToken },
        {
          ...rest,
          group,
          expiresAt: changes.expiresAt === undefined ? undefined : (changes.expiresAt?.toISOString() ?? null),
        },
      );
      await audit(tx, ctx, { action: 'update', entity: 'rfidCard', entityId: body.id, summary });
      return repo.toCard(row);
    });
  }

  /** Archived cards are refused by Authorize at once; the number stays reserved. */
  setArchived(ctx: Ctx, id: number, archived: boolean): Promise<RfidCard> {
    return this.tx(async (tx) => {
      const before = await repo.findCard(tx, ctx.actor, id, true);
      if (!before) throw notFound('rfidCard');
      if (archived && before.archivedAt) throw new AppError(409, 'driver.cardArchived');
      if (!archived && !before.archivedAt) throw new AppError(409, 'driver.cardNotArchived');
      const row = await repo.updateCard(tx, id, { archivedAt: archived ? new Date() : null });
      await audit(tx, ctx, {
        action: archived ? 'archive' : 'unarchive',
        entity: 'rfidCard',
        entityId: id,
        summary: { number: before.number, driverId: before.driverId },
      });
      return repo.toCard(row);
    });
  }
}
