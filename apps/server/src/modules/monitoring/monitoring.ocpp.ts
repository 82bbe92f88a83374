import type { MonitorOrigin, Ocpp201 } from '@voltline/contract';
import type { Db } from '../../db/client.js';
import { lockCharger } from '../device-model/device-model.repository.js';
import { complete } from '../device-model/report-rows.js';
import { storableTime } from '../../lib/storable-time.js';
import * as repo from './monitoring.repository.js';

type MonitoringDatum = NonNullable<Ocpp201.NotifyMonitoringReportRequest['monitor']>[number];

/** The reported monitors of one component and variable as stored rows, each keeping its origin. */
function rowsOf(
  chargePointId: number,
  d: MonitoringDatum,
  at: Date,
  origins: Map<number, string>,
): repo.NewMonitorRow[] {
  return d.variableMonitoring.map((m) => ({
    chargePointId,
    monitorId: m.id,
    componentName: d.component.name,
    componentInstance: d.component.instance ?? null,
    evseId: d.component.evse?.id ?? null,
    connectorId: d.component.evse?.connectorId ?? null,
    variableName: d.variable.name,
    variableInstance: d.variable.instance ?? null,
    type: m.type,
    value: m.value,
    severity: m.severity,
    transaction: m.transaction,
    // A 2.0.1 report does not say who set a monitor: one Voltline set stays custom, any other is the charger's.
    origin: (origins.get(m.id) === 'custom' ? 'custom' : 'charger') satisfies MonitorOrigin,
    reportedAt: at,
  }));
}

/**
 * The charger's side of monitoring (N02): NotifyMonitoringReport parts are kept by requestId until
 * the last one and every part before it have arrived, then applied at once. The answer to a whole
 * report Voltline asked for (no criteria) replaces the stored monitors; any other updates the
 * monitors it names.
 */
export class MonitoringOcpp {
  constructor(private readonly db: Db) {}

  async report(cp: { id: number }, p: Ocpp201.NotifyMonitoringReportRequest): Promise<void> {
    // A charger whose clock reads year 0 still has its report kept, dated when it came.
    const at = storableTime(p.generatedAt) ?? new Date();
    await this.db.transaction(async (tx) => {
      await lockCharger(tx, cp.id);
      await repo.savePart(tx, {
        chargePointId: cp.id,
        requestId: p.requestId,
        seqNo: p.seqNo,
        tbc: p.tbc ?? false,
        monitor: p.monitor ?? [],
        generatedAt: at,
      });
      const parts = await repo.partsOf(tx, cp.id, p.requestId);
      if (!complete(parts)) return;
      const data = parts.flatMap((part) => part.monitor as MonitoringDatum[]);
      const known = await repo.listMonitors(tx, cp.id);
      const origins = new Map(known.map((m) => [m.monitorId, m.origin]));
      const rows = data.flatMap((d) => rowsOf(cp.id, d, at, origins));
      const request = await repo.findRequest(tx, cp.id, p.requestId);
      if (request?.whole && !request.completedAt) await repo.replaceMonitors(tx, cp.id, rows);
      else for (const row of rows) await repo.upsertMonitor(tx, row);
      if (request) await repo.completeRequest(tx, cp.id, p.requestId, new Date());
      await repo.deleteParts(tx, cp.id, p.requestId);
    });
  }
}
