import type {
  ChargePoint,
  ChargePointCredentials,
  ChargePointFilter,
  ChargePointLight,
  CreateChargePointBody,
  Page,
  UpdateChargePointBody,
} from '@voltline/contract';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import { connectors as connectorsTable } from '../../db/schema/index.js';
import type { Ctx } from '../../lib/context.js';
import { AppError, notFound } from '../../lib/errors.js';
import { operatorInReach } from '../operators/reach.js';
import { generateChargerPassword, hashChargerPassword } from '../../lib/charger-auth.js';
import { CLOSE_REASONS } from '../../lib/close-cause.js';
import { audit, diff } from '../audit/audit.service.js';
import type { ChargePointQueries, ChargerDisconnector } from './charge-points.ports.js';
import * as repo from './registry.repository.js';
import { CLOCK_TOLERANCE_MS } from '../../lib/charger-clock.js';
import { faultOf, summarizeState } from './state.js';

type Filter = z.output<typeof ChargePointFilter>;
type CreateInput = z.output<typeof CreateChargePointBody>;
type UpdateInput = z.output<typeof UpdateChargePointBody>;
type ConnectorRow = Awaited<ReturnType<typeof repo.connectorsOf>>[number];

const iso = (d: Date | null) => d?.toISOString() ?? null;

export function toChargePoint(
  row: repo.ChargePointJoined,
  connectors: ConnectorRow[],
  activeSessions: number,
): ChargePoint {
  const cp = row.cp;
  const own = connectors.filter((c) => c.chargePointId === cp.id);
  return {
    id: cp.id,
    chargePointId: cp.chargePointId,
    name: cp.name,
    operatorId: cp.operatorId,
    operatorName: row.operatorName,
    registrationStatus: cp.registrationStatus as ChargePoint['registrationStatus'],
    brand: cp.brand,
    model: cp.model,
    serialNumber: cp.serialNumber,
    firmwareVersion: cp.firmwareVersion,
    vendor: cp.vendor,
    iccid: cp.iccid,
    imsi: cp.imsi,
    activationDate: iso(cp.activationDate),
    latitude: cp.latitude,
    longitude: cp.longitude,
    addressLine1: cp.addressLine1,
    addressLine2: cp.addressLine2,
    countryCode: cp.countryCode,
    city: cp.city,
    zipCode: cp.zipCode,
    contactName: cp.contactName,
    contactPhone: cp.contactPhone,
    contactEmail: cp.contactEmail,
    minPower: cp.minPower,
    maxPower: cp.maxPower,
    powerUnit: cp.powerUnit as ChargePoint['powerUnit'],
    openingTime: cp.openingTime,
    closingTime: cp.closingTime,
    status: cp.status,
    errorCode: cp.errorCode,
    fault: faultOf({
      ...cp,
      info: cp.statusInfo,
      vendorId: cp.statusVendorId,
      vendorErrorCode: cp.statusVendorErrorCode,
    }),
    state: summarizeState(cp, own),
    connection: cp.connected ? 'Connected' : 'Disconnected',
    lastConnectedAt: iso(cp.lastConnectedAt),
    lastDisconnectedAt: iso(cp.lastDisconnectedAt),
    lastHeartbeatAt: iso(cp.lastHeartbeatAt),
    lastBootAt: iso(cp.lastBootAt),
    ...clockOf(cp),
    hasPassword: cp.passwordHash !== null,
    securityProfile: cp.securityProfile,
    ocppProtocol: cp.ocppProtocol as ChargePoint['ocppProtocol'],
    archived: cp.archivedAt !== null,
    createdAt: cp.createdAt.toISOString(),
    activeSessions,
    connectors: own.map((c) => ({
      id: c.id,
      connectorId: c.connectorId,
      status: c.status,
      errorCode: c.errorCode,
      fault: faultOf(c),
      connectorType: c.connectorType,
      maximumPower: c.maximumPower,
      evseUid: c.evseUid,
      archived: c.archivedAt !== null,
    })),
  };
}

/** The charger's clock offset when it was last found off; nulls when it is right. */
function clockOf(cp: { clockOffsetMs: number | null; clockOffsetAt: Date | null }) {
  const off = cp.clockOffsetMs !== null && Math.abs(cp.clockOffsetMs) > CLOCK_TOLERANCE_MS;
  return { clockOffsetMs: off ? cp.clockOffsetMs : null, clockOffsetAt: off ? iso(cp.clockOffsetAt) : null };
}

/** The charge point registry: who may see and change which charger, and its credentials. */
export class ChargePointsService {
  constructor(
    private readonly deps: {
      db: Db;
      /** Where chargers reach Voltline, for the OCPP address shown with new credentials. */
      publicUrl: string;
      chargers: ChargerDisconnector;
      queries: Pick<ChargePointQueries, 'hasActiveSession' | 'activeSessionCounts'>;
      /**
       * A charger held Pending was accepted by staff: asked to boot again now (TriggerMessage
       * BootNotification, which a Pending charger may take) rather than at its next retry.
       */
      approved?: (cp: { id: number; chargePointId: string }, userId: number | null) => Promise<void>;
    },
  ) {}

  private get db() {
    return this.deps.db;
  }

  /** The rows with their connectors and running sessions: two reads for a whole page. */
  private async withConnectors(rows: repo.ChargePointJoined[]) {
    const ids = rows.map((r) => r.cp.id);
    const conns = await repo.connectorsOf(this.db, ids);
    const active = await this.deps.queries.activeSessionCounts(this.db, ids);
    return rows.map((r) => toChargePoint(r, conns, active.get(r.cp.id) ?? 0));
  }

  async page(
    ctx: Ctx,
    kind: repo.ListKind,
    f: Filter,
    index: number,
    size: number,
  ): Promise<Page<ChargePoint>> {
    const [rows, total] = await Promise.all([
      repo.listChargePoints(this.db, ctx.actor, kind, f, index * size, size),
      repo.countChargePoints(this.db, ctx.actor, kind, f),
    ]);
    return { items: await this.withConnectors(rows), total, index, size };
  }

  async *all(ctx: Ctx, kind: repo.ListKind, f: Filter): AsyncGenerator<ChargePoint> {
    for (let offset = 0; ; offset += 500) {
      const rows = await repo.listChargePoints(this.db, ctx.actor, kind, f, offset, 500);
      yield* await this.withConnectors(rows);
      if (rows.length < 500) return;
    }
  }

  async lightweight(ctx: Ctx): Promise<ChargePointLight[]> {
    const rows = await repo.lightweight(this.db, ctx.actor);
    return rows.map((r) => ({
      id: r.id,
      chargePointId: r.chargePointId,
      name: r.name,
      operatorId: r.operatorId,
      connection: r.connected ? 'Connected' : 'Disconnected',
      archived: r.archivedAt !== null,
    }));
  }

  async get(ctx: Ctx, key: number | string): Promise<ChargePoint> {
    const row = await repo.findChargePoint(this.db, ctx.actor, key);
    if (!row) throw notFound('chargePoint');
    const [cp] = await this.withConnectors([row]);
    if (!cp) throw notFound('chargePoint');
    return cp;
  }

  private credentials(cp: ChargePoint, password: string): ChargePointCredentials {
    const base = this.deps.publicUrl.replace(/^http/, 'ws');
    return { chargePoint: cp, ocppUrl: `${base}/ocpp/${cp.chargePointId}`, password };
  }

  /** The operator may enter the password the charger ships with; otherwise one is generated. */
  async create(ctx: Ctx, body: CreateInput): Promise<ChargePointCredentials> {
    const password = body.password ?? generateChargerPassword();
    const id = await this.db.transaction(async (tx) => {
      await operatorInReach(tx, ctx.actor, body.operatorId);
      if (await repo.idTaken(tx, body.chargePointId)) {
        throw new AppError(409, 'chargePoint.idTaken', {}, [
          { field: 'body.chargePointId', key: 'chargePoint.idTaken' },
        ]);
      }
      const { connectorCount, connectorType, activationDate, password: _chosen, ...fields } = body;
      const { id } = await repo.insertChargePoint(tx, {
        ...fields,
        activationDate: activationDate ? new Date(activationDate) : null,
        registrationStatus: body.registrationStatus ?? 'accepted',
        passwordHash: hashChargerPassword(password),
      });
      if (connectorCount > 0) {
        await tx.insert(connectorsTable).values(
          Array.from({ length: connectorCount }, (_, i) => ({
            chargePointId: id,
            connectorId: i + 1,
            connectorType: connectorType ?? null,
            maximumPower: body.maxPower ?? null,
          })),
        );
      }
      await audit(tx, ctx, {
        action: 'create',
        entity: 'chargePoint',
        entityId: body.chargePointId,
        summary: body,
      });
      return id;
    });
    return this.credentials(await this.get(ctx, id), password);
  }

  async update(ctx: Ctx, body: UpdateInput): Promise<ChargePoint> {
    const approved = await this.db.transaction(async (tx) => {
      const before = await repo.findChargePoint(tx, ctx.actor, body.id, true);
      if (!before) throw notFound('chargePoint');
      if (body.operatorId !== undefined && body.operatorId !== before.cp.operatorId) {
        await operatorInReach(tx, ctx.actor, body.operatorId);
      }
      const { id, activationDate, ...fields } = body;
      const changes = {
        ...fields,
        ...(activationDate === undefined
          ? {}
          : { activationDate: activationDate ? new Date(activationDate) : null }),
      };
      await repo.updateChargePoint(tx, id, changes);
      await audit(tx, ctx, {
        action: 'update',
        entity: 'chargePoint',
        entityId: before.cp.chargePointId,
        summary: diff(before.cp as unknown as Record<string, unknown>, changes),
      });
      return before.cp.registrationStatus !== 'accepted' && body.registrationStatus === 'accepted'
        ? { id: before.cp.id, chargePointId: before.cp.chargePointId }
        : null;
    });
    // After the commit: the charger's new boot must read the new status. Its answer is not waited
    // for (the charger may be offline, or slow); the command record keeps it.
    if (approved && this.deps.approved)
      void this.deps.approved(approved, ctx.actor.userId).catch(() => undefined);
    return this.get(ctx, body.id);
  }

  /** Archiving keeps all history; the charger can no longer connect. */
  async archive(ctx: Ctx, id: number): Promise<void> {
    const cpId = await this.db.transaction(async (tx) => {
      const row = await repo.findChargePoint(tx, ctx.actor, id, true);
      if (!row || row.cp.archivedAt) throw notFound('chargePoint');
      if (await this.deps.queries.hasActiveSession(tx, row.cp.id))
        throw new AppError(409, 'chargePoint.activeSession');
      await repo.updateChargePoint(tx, row.cp.id, { archivedAt: new Date() });
      await audit(tx, ctx, { action: 'archive', entity: 'chargePoint', entityId: row.cp.chargePointId });
      return row.cp.chargePointId;
    });
    await this.deps.chargers.disconnect(cpId, CLOSE_REASONS.archived);
  }

  async unarchive(ctx: Ctx, chargePointId: string): Promise<ChargePoint> {
    const id = await this.db.transaction(async (tx) => {
      const row = await repo.findChargePoint(tx, ctx.actor, chargePointId, true);
      if (!row || !row.cp.archivedAt) throw notFound('chargePoint');
      await operatorInReach(tx, ctx.actor, row.cp.operatorId);
      await repo.updateChargePoint(tx, row.cp.id, { archivedAt: null });
      await audit(tx, ctx, { action: 'unarchive', entity: 'chargePoint', entityId: row.cp.chargePointId });
      return row.cp.id;
    });
    return this.get(ctx, id);
  }

  async resetPassword(ctx: Ctx, id: number, chosen?: string): Promise<ChargePointCredentials> {
    const password = chosen ?? generateChargerPassword();
    await this.db.transaction(async (tx) => {
      const row = await repo.findChargePoint(tx, ctx.actor, id, true);
      if (!row) throw notFound('chargePoint');
      await repo.updateChargePoint(tx, row.cp.id, { passwordHash: hashChargerPassword(password) });
      await audit(tx, ctx, {
        action: 'resetPassword',
        entity: 'chargePoint',
        entityId: row.cp.chargePointId,
        summary: { chosen: chosen !== undefined },
      });
    });
    return this.credentials(await this.get(ctx, id), password);
  }
}
