import { isDeepStrictEqual } from 'node:util';
import {
  componentsFromLegacy,
  type CreateTariffBody,
  type Tariff,
  type TariffComponents,
  type UpdateTariffBody,
} from '@voltline/contract';
import { eq, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { operators, tariffs } from '../../db/schema/index.js';
import type { Ctx } from '../../lib/context.js';
import { AppError, notFound } from '../../lib/errors.js';
import { operatorInReach } from '../operators/reach.js';
import { audit, diff } from '../audit/audit.service.js';
import { findChargePoint } from '../charge-points/registry.repository.js';
import * as repo from './tariffs.repository.js';

type CreateInput = z.output<typeof CreateTariffBody>;
type UpdateInput = z.output<typeof UpdateTariffBody>;

const date = (v: string | null | undefined) =>
  v === undefined ? undefined : v === null ? null : new Date(v);

const LEGACY_PRICING = [
  'paymentType',
  'pricePerKwh',
  'limitKwh',
  'overLimitPricePerKwh',
  'fixedPrice',
] as const;

const legacyOf = (t: repo.TariffRow) => ({
  ...t,
  paymentType: t.paymentType as Tariff['paymentType'],
});

/**
 * The components an update leaves the tariff with: those given; else, when the old pricing
 * fields changed and the tariff's components were the ones derived from them, the components
 * derived from the new fields (a tariff never given components keeps following its fields);
 * else none change. Changing those fields of a tariff with components of its own is refused.
 */
function componentsAfter(before: repo.TariffRow, body: UpdateInput): TariffComponents | undefined {
  if (body.components !== undefined) return body.components;
  const changed = LEGACY_PRICING.filter((k) => body[k] !== undefined && body[k] !== before[k]);
  if (changed.length === 0) return undefined;
  const current = repo.componentsOf(before);
  // A tariff with components of its own is priced by them, not by these fields: a new price
  // here would show in the portal and bill nothing. It goes with new components, or not at all.
  if (!isDeepStrictEqual(current, componentsFromLegacy(legacyOf(before))))
    throw new AppError(400, 'tariff.componentsOwn', {}, [
      { field: `body.${changed[0]!}`, key: 'tariff.componentsOwn' },
    ]);
  const merged = { ...legacyOf(before) };
  for (const k of LEGACY_PRICING) if (body[k] !== undefined) Object.assign(merged, { [k]: body[k] });
  return componentsFromLegacy(merged);
}

/** Tariffs: sessions keep a snapshot of theirs, so editing a tariff never re-prices a session. */
export class TariffsService {
  constructor(private readonly db: Db) {}

  async list(ctx: Ctx, includeRetired: boolean): Promise<Tariff[]> {
    return (await repo.listTariffs(this.db, ctx.actor, includeRetired)).map(repo.toTariff);
  }

  async get(ctx: Ctx, id: number): Promise<Tariff> {
    const row = await repo.findTariff(this.db, ctx.actor, id);
    if (!row) throw notFound('tariff');
    return repo.toTariff(row);
  }

  async create(ctx: Ctx, body: CreateInput): Promise<Tariff> {
    const id = await this.db.transaction(async (tx) => {
      await operatorInReach(tx, ctx.actor, body.operatorId);
      const [row] = await tx
        .insert(tariffs)
        .values({
          ...body,
          limitKwh: body.limitKwh ?? null,
          overLimitPricePerKwh: body.overLimitPricePerKwh ?? null,
          validFrom: date(body.validFrom) ?? null,
          validTo: date(body.validTo) ?? null,
          components:
            body.components ??
            componentsFromLegacy({
              ...body,
              limitKwh: body.limitKwh ?? null,
              overLimitPricePerKwh: body.overLimitPricePerKwh ?? null,
            }),
        })
        .returning({ id: tariffs.id });
      if (!row) throw new Error('tariff insert returned nothing');
      await audit(tx, ctx, { action: 'create', entity: 'tariff', entityId: row.id, summary: body });
      return row.id;
    });
    return this.get(ctx, id);
  }

  async update(ctx: Ctx, body: UpdateInput): Promise<Tariff> {
    await this.db.transaction(async (tx) => {
      const before = await repo.findTariff(tx, ctx.actor, body.id, true);
      if (!before) throw notFound('tariff');
      if (body.operatorId !== undefined && body.operatorId !== before.t.operatorId) {
        await operatorInReach(tx, ctx.actor, body.operatorId);
      }
      const { id, retired, validFrom, validTo, components: _given, ...fields } = body;
      const components = componentsAfter(before.t, body);
      const changes = {
        ...fields,
        ...(components === undefined ? {} : { components }),
        ...(validFrom === undefined ? {} : { validFrom: date(validFrom) }),
        ...(validTo === undefined ? {} : { validTo: date(validTo) }),
        ...(retired === undefined ? {} : { retiredAt: retired ? (before.t.retiredAt ?? new Date()) : null }),
      };
      await tx
        .update(tariffs)
        .set({ ...changes, updatedAt: sql`now()` })
        .where(eq(tariffs.id, id));
      await audit(tx, ctx, {
        action: retired === true ? 'retire' : 'update',
        entity: 'tariff',
        entityId: id,
        summary: diff(before.t as unknown as Record<string, unknown>, changes),
      });
    });
    return this.get(ctx, body.id);
  }

  /** Only a tariff nothing ever used can be deleted; one in use is retired instead. */
  async remove(ctx: Ctx, id: number): Promise<void> {
    await this.db.transaction(async (tx) => {
      const row = await repo.findTariff(tx, ctx.actor, id, true);
      if (!row) throw notFound('tariff');
      if (row.inUse) throw new AppError(409, 'tariff.inUse');
      await tx.delete(tariffs).where(eq(tariffs.id, id));
      await audit(tx, ctx, {
        action: 'delete',
        entity: 'tariff',
        entityId: id,
        summary: { name: row.t.name },
      });
    });
  }

  async availableForChargePoint(ctx: Ctx, key: number | string): Promise<Tariff[]> {
    const cp = await findChargePoint(this.db, ctx.actor, key);
    if (!cp) throw notFound('chargePoint');
    const [op] = await this.db
      .select({ path: operators.path })
      .from(operators)
      .where(eq(operators.id, cp.cp.operatorId));
    if (!op) throw notFound('chargePoint');
    return (await repo.availableFor(this.db, op.path)).map(repo.toTariff);
  }
}
