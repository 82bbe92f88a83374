import type { Tx } from '../../db/client.js';

/**
 * What the charge-point module needs to know of modules above it (sessions, tariffs). It never
 * imports them: `services.ts` hands these narrow functions in.
 */
export interface ChargePointQueries {
  /** Whether a session is running on the charge point (or on one of its connectors). */
  hasActiveSession(tx: Tx, chargePointId: number, connectorId?: number): Promise<boolean>;
  /** Running sessions per charge point (database ids); one with none is absent. */
  activeSessionCounts(tx: Tx, chargePointIds: readonly number[]): Promise<Map<number, number>>;
  /** Whether the tariff is live and offered to the charge point's operator. */
  tariffFitsChargePoint(tx: Tx, tariffId: number, chargePointDbId: number): Promise<boolean>;
}

/** What archiving a charge point needs of the OCPP side: its socket closed. */
export interface ChargerDisconnector {
  disconnect(chargePointId: string, reason: string): Promise<void>;
}
