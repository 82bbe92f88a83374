import type { Ocpp201 } from '@voltline/contract';
import type { Handler } from '../../context.js';
import { checkId } from '../../rpc-error.js';

/**
 * NotifyReport (B07, B08): one part of a device-model report. Kept before the answer, so a part the
 * database could not keep gets a CALLERROR and the charger sends it again; the model is stored
 * once the report's last part and all before it are in. Ids beyond what is stored (32-bit
 * integers) are refused first, as every other 2.0.1 handler refuses them.
 */
export const notifyReport: Handler<Ocpp201.NotifyReportRequest, Ocpp201.NotifyReportResponse> = async (
  p,
  ctx,
) => {
  checkId('requestId', p.requestId);
  checkId('seqNo', p.seqNo);
  for (const d of p.reportData ?? []) {
    checkId('reportData.component.evse.id', d.component.evse?.id);
    checkId('reportData.component.evse.connectorId', d.component.evse?.connectorId);
  }
  if (ctx.deviceModel) await ctx.deviceModel.report(ctx.cp, p);
  else ctx.log.warn({ requestId: p.requestId }, 'NotifyReport received but no device model service is wired');
  return {};
};
