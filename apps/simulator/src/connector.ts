import type { Task } from './scheduler.js';
import type { Vehicle } from './power-curve.js';
import type { MeterValue } from './meter-values.js';
import type { Ocpp } from '@voltline/contract';

type AuthorizationStatus = Ocpp.StartTransactionResponse['idTagInfo']['status'];

export type ConnectorStatus = Ocpp.StatusNotificationRequest['status'];
export type ChargePointErrorCode = Ocpp.StatusNotificationRequest['errorCode'];

export interface Transaction {
  /** Assigned by the central system; undefined while StartTransaction waits in the offline queue. */
  id: number | undefined;
  idTag: string;
  meterStart: number;
  startedAt: Date;
  /** Simulated milliseconds since the session started (drives the power ramp). */
  elapsedSimMs: number;
  reservationId?: number;
  /** Resolved when the central system answers StartTransaction (or never, if it is dropped). */
  idKnown: Promise<number | undefined>;
  stopping: boolean;
  /** The Transaction.Begin reading, sent back in StopTransaction's transactionData. */
  begin: MeterValue;
  /** What StartTransaction.conf said of the idTag when it was not Accepted (the charger kept the transaction). */
  refused?: AuthorizationStatus;
  /**
   * Energy the charger may still deliver after a refusal with StopTransactionOnInvalidId false
   * (MaxEnergyOnInvalidId, Wh); at 0 energy delivery stops but the transaction stays open.
   */
  invalidEnergyLeftWh?: number;
  /** Simulated ms into the session at which a driver whose car stopped charging gives up (auto sessions). */
  giveUpAtSimMs?: number;
  /** Called once when the transaction ends, however it ends (the fleet's card pool frees the card). */
  onEnd?: () => void;
}

export interface Reservation {
  id: number;
  idTag: string;
  parentIdTag?: string;
  expiry: Date;
  task: Task;
}

/** One connector's state. Kept as a plain object: at 10,000 chargers every field counts. */
export class Connector {
  status: ConnectorStatus = 'Available';
  errorCode: ChargePointErrorCode = 'NoError';
  /** The connector's energy meter register, Wh; it only ever grows. */
  energyWh: number;
  powerW = 0;
  vehicle: Vehicle | undefined;
  transaction: Transaction | undefined;
  reservation: Reservation | undefined;
  operative = true;
  /** ChangeAvailability to Inoperative arrived during a session: applied when it ends. */
  pendingInoperative = false;
  tickTask: Task | undefined;
  sinceSampleMs = 0;
  /** Simulated clock (ms) at the last energy integration step. */
  lastAdvanceSim: number | undefined;
  faultTask: Task | undefined;

  constructor(
    readonly id: number,
    initialEnergyWh: number,
  ) {
    this.energyWh = initialEnergyWh;
  }

  /** Status the connector should show when nothing else (fault, session) decides it. */
  idleStatus(): ConnectorStatus {
    if (!this.operative) return 'Unavailable';
    if (this.reservation) return 'Reserved';
    if (this.vehicle) return 'Preparing';
    return 'Available';
  }

  get isFree(): boolean {
    return this.operative && !this.transaction && this.status !== 'Faulted' && this.status !== 'Unavailable';
  }
}
