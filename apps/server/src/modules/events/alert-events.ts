import type { EventData } from '@voltline/contract';
import type { Tx } from '../../db/client.js';
import { appendEvent } from './events.repository.js';

/** An alert as its events tell it: chargers by their OCPP identity. */
export interface AlertFacts {
  alertId: number;
  operatorId: number;
  kind: string;
  ruleId: number;
  chargePointIds: string[];
}

/** `alert.raised`, in the transaction that raises it. */
export async function alertRaised(tx: Tx, a: AlertFacts, raisedAt: Date) {
  const data: EventData<'alert.raised'> = {
    alertId: a.alertId,
    kind: a.kind,
    ruleId: a.ruleId,
    chargePointIds: a.chargePointIds,
    raisedAt: raisedAt.toISOString(),
  };
  await appendEvent(tx, { operatorId: a.operatorId, type: 'alert.raised', subject: a.alertId, data });
}

/** `alert.resolved`: cleared by itself or resolved by staff, in the transaction that resolves it. */
export async function alertResolved(
  tx: Tx,
  a: AlertFacts,
  resolution: 'cleared' | 'manual',
  resolvedAt: Date,
) {
  const data: EventData<'alert.resolved'> = {
    alertId: a.alertId,
    kind: a.kind,
    ruleId: a.ruleId,
    chargePointIds: a.chargePointIds,
    resolution,
    resolvedAt: resolvedAt.toISOString(),
  };
  await appendEvent(tx, { operatorId: a.operatorId, type: 'alert.resolved', subject: a.alertId, data });
}
