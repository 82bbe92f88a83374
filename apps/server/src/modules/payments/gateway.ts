import { randomUUID } from 'node:crypto';
import type { Locale } from '@voltline/contract';
import type { Tx } from '../../db/client.js';

/**
 * What Voltline needs from a payment service provider. A network with an external provider plugs
 * in an adapter; networks without one use the built-in gateway, which records the money movement
 * and answers at once.
 */
export interface PaymentGateway {
  readonly name: string;
  /** Returns the provider's refund id. `idempotencyKey` lets the provider recognise a retry. */
  refund(p: {
    pgTranId: string;
    amount: number;
    currency: string;
    idempotencyKey: string;
  }): Promise<{ refundId: string }>;
  /** Records a top-up taken at the counter or by card terminal; returns the provider's transaction id. */
  topUp(p: { amount: number; currency: string }): Promise<{ pgTranId: string }>;
}

export const builtInGateway: PaymentGateway = {
  name: 'builtin',
  refund: () => Promise.resolve({ refundId: `VL-REF-${randomUUID()}` }),
  topUp: () => Promise.resolve({ pgTranId: `VL-TOP-${randomUUID()}` }),
};

/**
 * Refunds of lines a card provider took (an ad-hoc payment's charge, issue #30): the provider
 * gives the money back, never the built-in gateway. `undefined` when the line is no provider's.
 * Throws an AppError with the provider's refusal in words.
 */
export type ProviderRefunds = (
  tx: Tx,
  line: { sessionId: number | null; gateway: string; currency: string },
  amount: number,
  idempotencyKey: string,
  locale: Locale,
) => Promise<{ refundId: string } | undefined>;
