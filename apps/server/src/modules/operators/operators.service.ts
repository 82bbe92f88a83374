import type {
  CreateOperatorBody,
  Merchant,
  Operator,
  OperatorDetail,
  OperatorTreeNode,
  UpdateOperatorBody,
} from '@voltline/contract';
import type { z } from 'zod';
import type { Tx, Db } from '../../db/client.js';
import type { Ctx } from '../../lib/context.js';
import { AppError, notFound } from '../../lib/errors.js';
import type { MessageKey } from '../../lib/messages.js';
import { audit, diff } from '../audit/audit.service.js';
import * as repo from './operators.repository.js';

type CreateInput = z.output<typeof CreateOperatorBody>;
type UpdateInput = z.output<typeof UpdateOperatorBody>;

const toMerchant = (m: repo.MerchantRow): Merchant => ({
  legalName: m.legalName,
  taxId: m.taxId,
  taxOffice: m.taxOffice,
  iban: m.iban,
  addressLine1: m.addressLine1,
  addressLine2: m.addressLine2,
  city: m.city,
  country: m.country,
  zipCode: m.zipCode,
  contactName: m.contactName,
  contactEmail: m.contactEmail,
  contactPhone: m.contactPhone,
});

function toOperator({ operator: o, parentName }: repo.OperatorDetailRow): Operator {
  return {
    id: o.id,
    name: o.name,
    parentId: o.parentId,
    parentName,
    email: o.email,
    supportEmail: o.supportEmail,
    phone: o.phone,
    heartbeatInterval: o.heartbeatInterval,
    prepaid: o.prepaid,
    minBalance: o.minBalance,
    role: o.role,
    autoRegisterChargePoints: o.autoRegisterChargePoints,
    vatRate: o.vatRate,
    pricesIncludeVat: o.pricesIncludeVat,
    timeZone: o.timeZone,
    adhocHoldAmount: o.adhocHoldAmount,
    publishOpenData: o.publishOpenData,
    archived: o.archivedAt !== null,
    archivedAt: o.archivedAt?.toISOString() ?? null,
    createdAt: o.createdAt.toISOString(),
    updatedAt: o.updatedAt.toISOString(),
  };
}

const toDetail = (r: repo.OperatorDetailRow): OperatorDetail => ({
  ...toOperator(r),
  merchant: r.merchant ? toMerchant(r.merchant) : null,
});

/** A 400 naming the parentId field. */
const parentError = (key: MessageKey) => new AppError(400, key, {}, [{ field: 'body.parentId', key }]);

/** Operators: the tree a user may see, and who may add, move, change and archive which operator. */
export class OperatorsService {
  constructor(private readonly db: Db) {}

  /** Operators the user may assign things to. */
  async lookup(ctx: Ctx) {
    const rows = await repo.lookupOperators(this.db, ctx.actor);
    return rows.map((r) => ({
      id: r.id,
      name: r.name,
      parentId: r.parentId,
      archived: r.archivedAt !== null,
    }));
  }

  /**
   * The caller's operator tree (Admin: every top-level operator's tree). Rows come in path order,
   * so each parent is placed before its children; `subOperators` is left out when empty.
   */
  async tree(ctx: Ctx): Promise<OperatorTreeNode[]> {
    const rows = await repo.listOperators(this.db, ctx.actor, false);
    const nodes = new Map<number, OperatorTreeNode>();
    const roots: OperatorTreeNode[] = [];
    for (const row of rows) {
      const node: OperatorTreeNode = toOperator(row);
      nodes.set(node.id, node);
      const parent = node.parentId === null ? undefined : nodes.get(node.parentId);
      if (parent) (parent.subOperators ??= []).push(node);
      else roots.push(node);
    }
    return roots;
  }

  async archived(ctx: Ctx): Promise<Operator[]> {
    return (await repo.listOperators(this.db, ctx.actor, true)).map(toOperator);
  }

  async get(ctx: Ctx, id: number, tx: Tx = this.db): Promise<OperatorDetail> {
    const row = await repo.findOperatorDetail(tx, ctx.actor, id);
    if (!row) throw notFound('operator');
    return toDetail(row);
  }

  /** The parent a new or moved operator may go under; returns its path. */
  private async checkParent(tx: Tx, ctx: Ctx, parentId: number | null): Promise<string> {
    if (parentId === null) {
      if (!ctx.actor.isAdmin) throw parentError('operator.rootAdminOnly');
      return '/';
    }
    const parent = await repo.findOperatorInScope(tx, ctx.actor, parentId);
    if (!parent) throw parentError('operator.parentOutOfReach');
    if (parent.archivedAt) throw parentError('operator.parentArchived');
    return parent.path;
  }

  async create(ctx: Ctx, body: CreateInput): Promise<OperatorDetail> {
    return this.db.transaction(async (tx) => {
      await this.checkParent(tx, ctx, body.parentId);
      const { merchant, ...fields } = body;
      const op = await repo.insertOperator(tx, {
        ...fields,
        email: fields.email ?? null,
        supportEmail: fields.supportEmail ?? null,
      });
      await repo.upsertMerchant(tx, op.id, merchant);
      await audit(tx, ctx, { action: 'create', entity: 'operator', entityId: op.id, summary: body });
      return this.get(ctx, op.id, tx);
    });
  }

  async update(ctx: Ctx, body: UpdateInput): Promise<OperatorDetail> {
    return this.db.transaction(async (tx) => {
      const before = await repo.findOperatorDetail(tx, ctx.actor, body.id, true);
      if (!before) throw notFound('operator');
      const op = before.operator;
      if (op.archivedAt) throw new AppError(409, 'operator.archivedCannotChange');
      const { id, merchant, parentId, ...fields } = body;
      if (parentId !== undefined && parentId !== op.parentId) {
        const parentPath = await this.checkParent(tx, ctx, parentId);
        // Under itself or a descendant would cut the subtree off the tree.
        if (parentPath.startsWith(op.path)) throw parentError('operator.cycle');
        await repo.moveSubtree(tx, op.path, `${parentPath}${op.id}/`);
      }
      await repo.updateOperator(tx, id, { ...fields, ...(parentId !== undefined ? { parentId } : {}) });
      if (merchant) await repo.upsertMerchant(tx, id, merchant);
      const summary: Record<string, unknown> = diff(
        toOperator(before) as unknown as Record<string, unknown>,
        {
          ...fields,
          parentId,
        },
      );
      if (merchant) {
        const was = before.merchant
          ? (toMerchant(before.merchant) as unknown as Record<string, unknown>)
          : {};
        const changed = diff(was, merchant);
        if (Object.keys(changed).length > 0) summary.merchant = changed;
      }
      await audit(tx, ctx, { action: 'update', entity: 'operator', entityId: id, summary });
      return this.get(ctx, id, tx);
    });
  }

  /** Refused while the operator still runs charge points or has live sub-operators. */
  async archive(ctx: Ctx, id: number): Promise<OperatorDetail> {
    return this.db.transaction(async (tx) => {
      const row = await repo.findOperatorDetail(tx, ctx.actor, id, true);
      if (!row) throw notFound('operator');
      if (id === ctx.actor.operatorId) throw new AppError(409, 'operator.cannotArchiveOwn');
      if (row.operator.archivedAt) throw new AppError(409, 'operator.alreadyArchived');
      const chargers = await repo.countActiveChargePoints(tx, id);
      if (chargers > 0) throw new AppError(409, 'operator.hasActiveChargePoints', { count: chargers });
      const children = await repo.countActiveChildren(tx, id);
      if (children > 0) throw new AppError(409, 'operator.hasActiveSubOperators', { count: children });
      await repo.setOperatorArchived(tx, id, true);
      await audit(tx, ctx, {
        action: 'archive',
        entity: 'operator',
        entityId: id,
        summary: { name: row.operator.name },
      });
      return this.get(ctx, id, tx);
    });
  }

  async unarchive(ctx: Ctx, id: number): Promise<OperatorDetail> {
    return this.db.transaction(async (tx) => {
      const row = await repo.findOperatorDetail(tx, ctx.actor, id, true);
      if (!row) throw notFound('operator');
      if (!row.operator.archivedAt) throw new AppError(409, 'operator.notArchived');
      if (row.operator.parentId !== null) {
        const parent = await repo.findOperatorInScope(tx, ctx.actor, row.operator.parentId);
        if (parent?.archivedAt) throw new AppError(409, 'operator.parentArchived');
      }
      await repo.setOperatorArchived(tx, id, false);
      await audit(tx, ctx, {
        action: 'unarchive',
        entity: 'operator',
        entityId: id,
        summary: { name: row.operator.name },
      });
      return this.get(ctx, id, tx);
    });
  }
}
