import type { EventData } from '@voltline/contract';
import type { Tx } from '../../db/client.js';
import { appendEvent } from './events.repository.js';

/** A payment as its events tell it. */
export interface PaymentFacts {
  id: number;
  operatorId: number;
  sessionId: number | null;
  driverId: number | null;
  kind: string;
  amount: number;
  currency: string;
  gateway: string;
  /** A session's charger (database id): its payment is delivered in order with its events. */
  chargePointId?: number | null;
}

/** Money taken: a session's charge, a top-up. In the transaction that records the payment. */
export async function paymentCaptured(tx: Tx, p: PaymentFacts) {
  const data: EventData<'payment.captured'> = {
    paymentId: p.id,
    sessionId: p.sessionId,
    driverId: p.driverId,
    kind: p.kind,
    amount: p.amount,
    currency: p.currency,
    gateway: p.gateway,
  };
  await appendEvent(tx, {
    operatorId: p.operatorId,
    type: 'payment.captured',
    chargePointId: p.chargePointId ?? null,
    subject: p.id,
    data,
  });
}

/** Part or all of a payment given back: this refund's amount and the payment's refunds so far. */
export async function paymentRefunded(
  tx: Tx,
  p: Pick<PaymentFacts, 'id' | 'operatorId' | 'sessionId' | 'currency'>,
  amount: number,
  refundedTotal: number,
) {
  const data: EventData<'payment.refunded'> = {
    paymentId: p.id,
    sessionId: p.sessionId,
    amount,
    refundedTotal,
    currency: p.currency,
  };
  await appendEvent(tx, { operatorId: p.operatorId, type: 'payment.refunded', subject: p.id, data });
}
