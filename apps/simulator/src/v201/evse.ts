import type { Ocpp201 } from '@voltline/contract';
import type { Vehicle } from '../power-curve.js';
import type { Task } from '../scheduler.js';

export type ConnectorStatus201 = Ocpp201.StatusNotificationRequest['connectorStatus'];
export type IdToken = Ocpp201.AuthorizeRequest['idToken'];
export type ChargingState = NonNullable<Ocpp201.TransactionEventRequest['transactionInfo']['chargingState']>;
export type TriggerReason = Ocpp201.TransactionEventRequest['triggerReason'];
export type StoppedReason = NonNullable<Ocpp201.TransactionEventRequest['transactionInfo']['stoppedReason']>;

/** One OCPP 2.0.1 transaction, identified by the charger itself (E01: the CSMS does not assign ids). */
export interface Transaction201 {
  /** Made by the charger (a UUID), known from the first event on, online or not. */
  id: string;
  /** seqNo of the next TransactionEvent of this transaction (from 0, one more per event). */
  nextSeqNo: number;
  /** The token that authorized the transaction; undefined until a card is presented (plug-in first). */
  idToken: IdToken | undefined;
  remoteStartId?: number;
  startedAt: Date;
  /** Simulated milliseconds of charging so far (drives the power ramp). */
  elapsedSimMs: number;
  stopping: boolean;
  /** Called once when the transaction ends, however it ends (the fleet's card pool frees the card). */
  onEnd?: () => void;
}

/** A reservation held on an EVSE (H01): for a token, or any token of its group, until it expires. */
export interface Reservation201 {
  id: number;
  idToken: IdToken;
  groupIdToken?: IdToken;
  expiry: Date;
  /** Made without an EVSE (by connector type, or any): the station chose this one. */
  anyEvse: boolean;
  task: Task | undefined;
}

/** One EVSE with its single connector (connector 1), as most AC and DC chargers are built. */
export class Evse {
  readonly connectorId = 1;
  status: ConnectorStatus201 = 'Available';
  /** ChangeAvailability: Inoperative makes the EVSE Unavailable (once its transaction is over). */
  operative = true;
  pendingInoperative = false;
  faulted = false;
  reservation: Reservation201 | undefined;
  energyWh: number;
  powerW = 0;
  /** The charging profiles allow no power now (SuspendedEVSE). */
  heldByProfile = false;
  vehicle: Vehicle | undefined;
  transaction: Transaction201 | undefined;
  tickTask: Task | undefined;
  /** Simulated ms since the last periodic meter value. */
  sinceSampleMs = 0;
  /** Simulated clock (ms) at the last energy integration step. */
  lastAdvanceSim: number | undefined;

  constructor(
    readonly id: number,
    initialEnergyWh: number,
  ) {
    this.energyWh = initialEnergyWh;
  }

  /** The status the connector shows now (OCPP 2.0.1 ConnectorStatusEnumType). */
  currentStatus(): ConnectorStatus201 {
    if (this.faulted) return 'Faulted';
    if (!this.operative && !this.transaction) return 'Unavailable';
    if (this.vehicle || this.transaction) return 'Occupied';
    return this.reservation ? 'Reserved' : 'Available';
  }

  /** The charging state of the transaction: whether a car is connected and energy may flow. */
  chargingState(): ChargingState {
    const tx = this.transaction;
    if (!this.vehicle) return 'Idle';
    if (!tx?.idToken || tx.stopping) return 'EVConnected';
    if (this.heldByProfile) return 'SuspendedEVSE';
    return this.powerW > 0 || tx.elapsedSimMs === 0 ? 'Charging' : 'SuspendedEV';
  }
}
