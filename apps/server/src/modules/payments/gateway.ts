import { randomUUID } from 'node:crypto';

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
