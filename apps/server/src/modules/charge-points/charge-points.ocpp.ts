import type { EventData } from '@voltline/contract';
import type { Db, Tx } from '../../db/client.js';
import { hashChargerPassword } from '../../lib/charger-auth.js';
import { CLOCK_TOLERANCE_MS, clockIsOff, type ConnectionWitness } from '../../lib/charger-clock.js';
import { audit, NO_USER } from '../audit/audit.service.js';
import * as repo from './charge-points.repository.js';
import { appendEvent } from '../events/events.repository.js';
import * as pending from './pending.repository.js';
import { recordStatuses, type StatusReport } from './status-batch.repository.js';

import type { OcppChargePoint } from './charge-points.repository.js';

export type { OcppChargePoint } from './charge-points.repository.js';
export type { StatusReport } from './status-batch.repository.js';

type BootInfo = Parameters<typeof repo.recordBoot>[2];
type EventKind = Parameters<typeof repo.recordChargerEvent>[2];

/**
 * What the OCPP endpoint records about chargers: who they are at the handshake, their socket's
 * life, boots, heartbeats, statuses and events. The OCPP layer calls this, never the repository.
 */
export class ChargersOcpp {
  /** The clock offsets this process last wrote, per charge point (so a right clock writes nothing). */
  private readonly clocks = new Map<number, { offsetMs: number | null; at: number }>();

  constructor(private readonly db: Db) {}

  /**
   * Measures a charger's clock by a time it sent (StatusNotification, MeterValues, Start, Stop):
   * its offset from Voltline's at receipt is kept when the clock is off (more than a few minutes;
   * a past time that may be a replayed offline queue says nothing), and again once it is right,
   * which clears the warning. A clock that stays right or stays as far off writes nothing (at
   * most once a minute, for when it was last seen).
   */
  async observeClock(
    cp: OcppChargePoint,
    sent: string | undefined,
    link: ConnectionWitness | undefined,
    receivedAt = new Date(),
  ) {
    const at = sent === undefined ? NaN : Date.parse(sent);
    if (Number.isNaN(at)) return;
    const offsetMs = at - receivedAt.getTime();
    const off = clockIsOff(new Date(at), receivedAt, link);
    const right = Math.abs(offsetMs) <= CLOCK_TOLERANCE_MS;
    if (!off && !right) return;
    const known = this.clocks.get(cp.id) ?? {
      offsetMs: cp.clockOffsetMs,
      at: cp.clockOffsetAt?.getTime() ?? 0,
    };
    const wasOff = known.offsetMs !== null && Math.abs(known.offsetMs) > CLOCK_TOLERANCE_MS;
    if (right && !wasOff) return;
    const same = known.offsetMs !== null && Math.abs(offsetMs - known.offsetMs) <= CLOCK_TOLERANCE_MS;
    if (off && wasOff && same && receivedAt.getTime() - known.at < 60_000) return;
    this.clocks.set(cp.id, { offsetMs, at: receivedAt.getTime() });
    await repo.recordClockOffset(this.db, cp.id, offsetMs, receivedAt);
  }

  find(identity: string) {
    return repo.findForOcpp(this.db, identity);
  }

  /**
   * An attempt of a charger no operator has: held at the installation level as pending (one row
   * per id, counting its attempts), never placed in an operator. The password of its first attempt
   * is kept for when an Admin approves it. False: the pending list is full and this id is new.
   */
  recordPending(identity: string, remoteAddress: string | null, password: Buffer | undefined, max: number) {
    const hash = password?.length ? hashChargerPassword(password) : null;
    return pending.upsertPending(this.db, identity, remoteAddress, hash, max);
  }

  /** What a pending charger's BootNotification says it is, for the Admin who decides. */
  recordPendingBoot(identity: string, boot: pending.PendingBoot) {
    return pending.recordPendingBoot(this.db, identity, boot);
  }

  markConnected(id: number, node: string, remoteAddress: string | null, protocol?: string) {
    return repo.markConnected(this.db, id, node, remoteAddress, protocol ?? null);
  }

  /**
   * A charger that connects with another OCPP version than last time (its firmware was upgraded):
   * the record follows, keeping its sessions and history, and the audit log says so.
   */
  async protocolChanged(cp: OcppChargePoint, protocol: string) {
    await this.db.transaction(async (tx) => {
      await repo.setProtocol(tx, cp.id, protocol);
      await audit(tx, NO_USER, {
        action: 'changeProtocol',
        entity: 'chargePoint',
        entityId: cp.id,
        subjectOperatorId: cp.operatorId,
        summary: { chargePointId: cp.chargePointId, ocppProtocol: [cp.ocppProtocol, protocol] },
      });
    });
  }

  markDisconnected(id: number, node: string, detail: string) {
    return repo.markDisconnected(this.db, id, node, detail);
  }

  /** Every charger this process held, as disconnected: at start (after a crash) and at stop. */
  disconnectAllOfNode(node: string, detail?: string) {
    return repo.disconnectAllOfNode(this.db, node, detail);
  }

  /**
   * A boot, and its `charger.booted` event, in one transaction. The event tells how Voltline
   * answers: the registration as it is now (`accepted` when none was returned, as the caller does).
   */
  recordBoot(
    cp: Pick<OcppChargePoint, 'id' | 'operatorId' | 'chargePointId' | 'registrationStatus'>,
    boot: BootInfo,
  ) {
    return this.db.transaction(async (tx) => {
      const registration = await repo.recordBoot(tx, cp.id, boot);
      const data: EventData<'charger.booted'> = {
        chargePointId: cp.chargePointId,
        vendor: boot.vendor,
        model: boot.model,
        serialNumber: boot.serialNumber,
        firmwareVersion: boot.firmwareVersion,
        registrationStatus: registration ?? cp.registrationStatus,
      };
      await appendEvent(tx, {
        operatorId: cp.operatorId,
        type: 'charger.booted',
        chargePointId: cp.id,
        data,
      });
      return registration;
    });
  }

  /** A plug's state of an EVSE; answers the states of the EVSE's other plugs and the EVSE's own. */
  recordPlugStatus(id: number, evseId: number, connectorId: number, status: string, at: Date) {
    return repo.recordPlugStatus(this.db, id, evseId, connectorId, status, at);
  }

  recordHeartbeats(ids: readonly number[], tx: Tx = this.db) {
    return repo.recordHeartbeats(tx, ids);
  }

  /** In the given transaction (the central system's group commit), or in one of their own. */
  recordStatuses(reports: StatusReport[], tx?: Tx) {
    if (tx) return recordStatuses(tx, reports);
    return this.db.transaction((t) => recordStatuses(t, reports));
  }

  recordEvent(id: number, kind: EventKind, status: string | null, payload: Record<string, unknown>) {
    return this.db.transaction((tx) => repo.recordChargerEvent(tx, id, kind, status, payload));
  }
}
