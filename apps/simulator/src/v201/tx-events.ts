import { randomUUID } from 'node:crypto';
import type { Ocpp201 } from '@voltline/contract';
import { charge, chargingPower } from '../power-curve.js';
import type { Station201 } from './station.js';
import type { Evse, IdToken, StoppedReason, Transaction201, TriggerReason } from './evse.js';
import { readMeter201, type ReadingContext201 } from './meter.js';

type EventRequest = Ocpp201.TransactionEventRequest;
export type AuthorizationStatus201 = NonNullable<Ocpp201.TransactionEventResponse['idTokenInfo']>['status'];

export interface EventExtras {
  idToken?: IdToken;
  context?: ReadingContext201;
  stoppedReason?: StoppedReason;
  /** The first event of a transaction says which EVSE and connector it is on. */
  withEvse?: boolean;
  /** The reservation the transaction used up (H03). */
  reservationId?: number;
}

/**
 * The TransactionEvent stream of a station (E01-E15): the charger numbers each transaction's events
 * from 0 (seqNo), queues them in the outbox so they survive a lost connection (E12), marks those
 * that happened offline (`offline: true`) and keeps each payload as built, so a resend after a lost
 * answer is the very same message.
 */
export class TransactionEvents {
  /** transactionId → events queued and not yet answered (GetTransactionStatus.messagesInQueue). */
  private readonly queued = new Map<string, number>();

  constructor(
    private readonly station: Station201,
    /** The CSMS's verdict on the token of a transaction (TransactionEventResponse.idTokenInfo). */
    private readonly onTokenVerdict: (e: Evse, tx: Transaction201, status: AuthorizationStatus201) => void,
    /** The power an EVSE may deliver now under its charging profiles, in W (Infinity: none). */
    private readonly profileLimitW: (e: Evse) => number = () => Infinity,
  ) {}

  create(idToken: IdToken | undefined, remoteStartId?: number): Transaction201 {
    const tx: Transaction201 = {
      id: randomUUID(),
      nextSeqNo: 0,
      idToken,
      startedAt: this.station.now(),
      elapsedSimMs: 0,
      stopping: false,
    };
    if (remoteStartId !== undefined) tx.remoteStartId = remoteStartId;
    return tx;
  }

  inQueue(transactionId: string): boolean {
    return (this.queued.get(transactionId) ?? 0) > 0;
  }

  send(
    e: Evse,
    tx: Transaction201,
    eventType: EventRequest['eventType'],
    trigger: TriggerReason,
    extras: EventExtras = {},
  ): void {
    const s = this.station;
    const at = s.now();
    const payload: EventRequest = {
      eventType,
      timestamp: at.toISOString(),
      triggerReason: trigger,
      seqNo: tx.nextSeqNo++,
      transactionInfo: { transactionId: tx.id, chargingState: e.chargingState() },
    };
    if (!s.isOnline) payload.offline = true;
    if (extras.reservationId !== undefined) payload.reservationId = extras.reservationId;
    if (tx.remoteStartId !== undefined && (eventType === 'Started' || trigger === 'RemoteStart'))
      payload.transactionInfo.remoteStartId = tx.remoteStartId;
    if (extras.stoppedReason) payload.transactionInfo.stoppedReason = extras.stoppedReason;
    if (extras.withEvse) payload.evse = { id: e.id, connectorId: e.connectorId };
    if (extras.idToken) payload.idToken = extras.idToken;
    if (extras.context) payload.meterValue = [readMeter201(e, extras.context, s.options.maxPower, at)];
    const id = tx.id;
    this.queued.set(id, (this.queued.get(id) ?? 0) + 1);
    const done = (): void => {
      const left = (this.queued.get(id) ?? 1) - 1;
      if (left > 0) this.queued.set(id, left);
      else this.queued.delete(id);
    };
    s.outbox.push(
      'TransactionEvent',
      () => payload,
      (res) => {
        done();
        // I03: the final cost comes with the answer to the transaction's last event.
        if (res.totalCost !== undefined) s.lastCost = { totalCost: res.totalCost, transactionId: id };
        const status = res.idTokenInfo?.status;
        if (status && status !== 'Accepted') this.onTokenVerdict(e, tx, status);
      },
      done,
    );
  }

  /** Integrates the power curve since the last step into the energy register and the car's SoC. */
  advance(e: Evse): void {
    const tx = e.transaction;
    const nowSim = Date.now() * this.station.options.speed;
    const last = e.lastAdvanceSim ?? nowSim;
    e.lastAdvanceSim = nowSim;
    const dtS = Math.max(0, (nowSim - last) / 1000);
    if (!tx || !e.vehicle || !tx.idToken || tx.stopping || dtS === 0) {
      e.powerW = 0;
      return;
    }
    const limit = Math.min(this.station.options.maxPower, this.profileLimitW(e));
    e.heldByProfile = limit <= 0;
    const power = chargingPower(e.vehicle, limit, tx.elapsedSimMs / 1000);
    e.energyWh += charge(e.vehicle, power, dtS);
    e.powerW = power;
    this.station.emit('power', { evseId: e.id, powerW: power });
    tx.elapsedSimMs += dtS * 1000;
    e.sinceSampleMs += dtS * 1000;
  }
}
