import type { Ocpp201 } from '@voltline/contract';
import type { Db } from '../../db/client.js';
import * as repo from './device-model.repository.js';
import { complete, rowOf, type ReportDatum } from './report-rows.js';

/**
 * The charger's side of the device model (B07, B08): NotifyReport parts are kept by requestId until
 * the last one (tbc false) and every part before it have arrived, in whatever order, then applied
 * in one transaction. A FullInventory report Voltline asked for replaces the stored model; any
 * other report updates the variables it names.
 */
export class DeviceModelOcpp {
  /**
   * Asks an accepted charger for its base report when Voltline has none of it yet (wired in
   * services.ts: the request goes through the command gateway, after the boot's answer).
   */
  onAccepted: ((cp: { id: number; chargePointId: string }) => Promise<void>) | undefined;
  /** Told when the first report of a charger's model is complete (services.ts: its pay codes). */
  onFirstModel: ((cp: { id: number; chargePointId: string }) => Promise<void>) | undefined;

  constructor(private readonly db: Db) {}

  /** B01 then B07: a charger just accepted whose device model Voltline does not know is asked for it. */
  accepted(cp: { id: number; chargePointId: string }): void {
    const ask = this.onAccepted;
    if (!ask) return;
    // A CALL sent before the charger has read its Accepted would reach one that is not ready.
    setTimeout(() => void ask(cp).catch(() => undefined), 500).unref();
  }

  async report(cp: { id: number; chargePointId: string }, p: Ocpp201.NotifyReportRequest): Promise<void> {
    const generatedAt = validDate(p.generatedAt);
    const first = await this.db.transaction(async (tx) => {
      await repo.lockCharger(tx, cp.id);
      await repo.savePart(tx, {
        chargePointId: cp.id,
        requestId: p.requestId,
        seqNo: p.seqNo,
        tbc: p.tbc ?? false,
        reportData: p.reportData ?? [],
        generatedAt,
      });
      const parts = await repo.partsOf(tx, cp.id, p.requestId);
      if (!complete(parts)) return false;
      const data = parts.flatMap((part) => part.reportData as ReportDatum[]);
      const rows = data.map((d) => rowOf(cp.id, d, generatedAt));
      const request = await repo.findRequest(tx, cp.id, p.requestId);
      if (request?.reportBase === 'FullInventory' && !request.completedAt) {
        await repo.replaceModel(tx, cp.id, rows);
      } else {
        await repo.mergeModel(tx, cp.id, rows);
      }
      const hadModel = (await repo.lastReportedAt(tx, cp.id)) !== null;
      if (request) await repo.completeRequest(tx, cp.id, p.requestId, new Date());
      await repo.deleteParts(tx, cp.id, p.requestId);
      return !hadModel && request !== undefined;
    });
    const told = this.onFirstModel;
    // After the NotifyReport's answer: the charger handles one message at a time.
    if (first && told) setTimeout(() => void told(cp).catch(() => undefined), 0).unref();
  }
}

/** The schema checks the form of the time; a date the database cannot hold is taken as now. */
function validDate(text: string): Date {
  const at = new Date(text);
  return Number.isNaN(at.getTime()) || at.getUTCFullYear() < 1 ? new Date() : at;
}
