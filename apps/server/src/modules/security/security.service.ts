import type {
  CertificateInfo,
  InstalledCertificate,
  Page,
  SecurityEvent,
  SecurityEventFilter,
} from '@voltline/contract';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import type { Ctx } from '../../lib/context.js';
import { notFound } from '../../lib/errors.js';
import { inBatches } from '../../lib/excel.js';
import { findInScope } from '../charge-points/charge-points.repository.js';
import { findChargePoint } from '../charge-points/registry.repository.js';
import { inspectRootCertificate } from './certificate-hash.js';
import * as repo from './security.repository.js';

type Filter = z.output<typeof SecurityEventFilter>;

function toEvent(r: repo.SecurityEventRow): SecurityEvent {
  return {
    id: r.id,
    chargePointId: r.chargePointId,
    chargePointDbId: r.chargePointDbId,
    chargePointName: r.chargePointName,
    operatorName: r.operatorName,
    type: r.type,
    critical: r.critical,
    timestamp: r.occurredAt.toISOString(),
    techInfo: r.techInfo,
    receivedAt: r.receivedAt.toISOString(),
  };
}

/** Reading chargers' security events, and the root certificates they reported. */
export class SecurityService {
  constructor(private readonly db: Db) {}

  private async page(ctx: Ctx, f: Filter, index: number, size: number, cpDbId?: number) {
    const [rows, total] = await Promise.all([
      repo.listEvents(this.db, ctx.actor, f, index * size, size, cpDbId),
      repo.countEvents(this.db, ctx.actor, f, cpDbId),
    ]);
    return { items: rows.map(toEvent), total, index, size } satisfies Page<SecurityEvent>;
  }

  /** One charger's events; 404 when the charger is not in reach. */
  async forCharger(ctx: Ctx, chargePointId: string, index: number, size: number) {
    const cp = await findInScope(this.db, ctx.actor, chargePointId);
    if (!cp) throw notFound('chargePoint');
    return this.page(ctx, {}, index, size, cp.id);
  }

  list(ctx: Ctx, f: Filter, index: number, size: number) {
    return this.page(ctx, f, index, size);
  }

  all(ctx: Ctx, f: Filter): AsyncIterable<SecurityEvent> {
    return inBatches(async (offset, limit) =>
      (await repo.listEvents(this.db, ctx.actor, f, offset, limit)).map(toEvent),
    );
  }

  /** The root certificates a charge point (by record number) reported, by type. */
  async certificates(ctx: Ctx, id: number): Promise<InstalledCertificate[]> {
    const found = await findChargePoint(this.db, ctx.actor, id);
    if (!found) throw notFound('chargePoint');
    const rows = await repo.certificatesOf(this.db, found.cp.id);
    return rows.map((r) => ({
      id: r.id,
      certificateType: r.certificateType as InstalledCertificate['certificateType'],
      hashAlgorithm: r.hashAlgorithm as InstalledCertificate['hashAlgorithm'],
      issuerNameHash: r.issuerNameHash,
      issuerKeyHash: r.issuerKeyHash,
      serialNumber: r.serialNumber,
      subject: r.subject,
      reportedAt: r.reportedAt.toISOString(),
    }));
  }

  /** A certificate checked, and named as a charger will name it, before anything is sent. */
  inspect(pem: string): CertificateInfo {
    return inspectRootCertificate(pem);
  }
}
