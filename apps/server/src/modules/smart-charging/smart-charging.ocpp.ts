import type { FastifyBaseLogger } from 'fastify';

/** What the balancer needs to hear from the OCPP side. */
export interface BalancerNudge {
  nudgeChargePoint(chargePointDbId: number): Promise<void>;
}

/** MeterValues nudge a charger's group at most this often (the tick also catches them). */
const METER_NUDGE_MS = 2_000;
/** How long after a StartTransaction answer the balancer sends the session's TxProfile. */
const TX_SETTLE_MS = 500;

/**
 * What the OCPP endpoint tells smart charging: sessions starting and stopping, chargers coming and
 * going, measured power. Every nudge runs after the charger's answer has gone out: a
 * SetChargingProfile must not overtake the CALLRESULT of the StartTransaction it is about.
 */
export class SmartChargingOcpp {
  private readonly meterNudges = new Map<number, number>();

  constructor(
    private readonly balancer: BalancerNudge,
    private readonly log: FastifyBaseLogger,
  ) {}

  /**
   * A charger learns its transaction id from the answer, and may take a moment to file it: a
   * TxProfile naming it too soon is rejected. The nudge waits a little.
   */
  transactionStarted(chargePointDbId: number): void {
    setTimeout(() => this.later(chargePointDbId), TX_SETTLE_MS).unref();
  }

  transactionStopped(chargePointDbId: number): void {
    this.later(chargePointDbId);
  }

  connected(chargePointDbId: number): void {
    this.later(chargePointDbId);
  }

  disconnected(chargePointDbId: number): void {
    this.later(chargePointDbId);
  }

  /** A limit Voltline did not set changed (an external system's, or what the car can take). */
  limitsChanged(chargePointDbId: number): void {
    this.later(chargePointDbId);
  }

  /** MeterValues that carry Power.Active.Import. */
  power(chargePointDbId: number, measurands: string[]): void {
    if (!measurands.includes('Power.Active.Import')) return;
    const now = Date.now();
    if (now - (this.meterNudges.get(chargePointDbId) ?? 0) < METER_NUDGE_MS) return;
    this.meterNudges.set(chargePointDbId, now);
    this.later(chargePointDbId);
  }

  private later(chargePointDbId: number) {
    setImmediate(() => {
      this.balancer
        .nudgeChargePoint(chargePointDbId)
        .catch((err: unknown) => this.log.error({ err, chargePointDbId }, 'smart charging nudge failed'));
    });
  }
}
