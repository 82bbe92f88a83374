import type { Ocpp201 } from '@voltline/contract';
import type { Handler } from '../../context.js';
import { checkId } from '../../rpc-error.js';

/**
 * NotifyMonitoringReport (N02): one part of the charger's report of its monitors. Kept before the
 * answer, so a part the database could not keep gets a CALLERROR and is sent again; the monitors
 * are stored once the report's last part and all before it are in.
 */
export const notifyMonitoringReport: Handler<
  Ocpp201.NotifyMonitoringReportRequest,
  Ocpp201.NotifyMonitoringReportResponse
> = async (p, ctx) => {
  checkId('requestId', p.requestId);
  checkId('seqNo', p.seqNo);
  for (const d of p.monitor ?? []) {
    checkId('monitor.component.evse.id', d.component.evse?.id);
    checkId('monitor.component.evse.connectorId', d.component.evse?.connectorId);
    for (const m of d.variableMonitoring) {
      checkId('monitor.variableMonitoring.id', m.id);
      checkId('monitor.variableMonitoring.severity', m.severity);
    }
  }
  if (ctx.monitoring) await ctx.monitoring.report(ctx.cp, p);
  else ctx.log.warn({ requestId: p.requestId }, 'NotifyMonitoringReport received but no monitoring is wired');
  return {};
};
