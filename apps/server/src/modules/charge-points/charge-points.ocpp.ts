import type { Db, Tx } from '../../db/client.js';
import { hashChargerPassword } from '../../lib/charger-auth.js';
import * as repo from './charge-points.repository.js';

export type { OcppChargePoint, StatusReport } from './charge-points.repository.js';

type BootInfo = Parameters<typeof repo.recordBoot>[2];
type EventKind = Parameters<typeof repo.recordChargerEvent>[2];

/**
 * What the OCPP endpoint records about chargers: who they are at the handshake, their socket's
 * life, boots, heartbeats, statuses and events. The OCPP layer calls this, never the repository.
 */
export class ChargersOcpp {
  constructor(private readonly db: Db) {}

  find(identity: string) {
    return repo.findForOcpp(this.db, identity);
  }

  /**
   * Registers an unknown charger as pending under the operator that accepts them, trusting the
   * password it first presented; null when no operator auto-registers chargers.
   */
  async autoRegister(identity: string, password: string | null | undefined) {
    const owner = await repo.autoRegisterOperator(this.db);
    if (!owner) return null;
    await repo.insertChargePoint(this.db, {
      chargePointId: identity,
      operatorId: owner.id,
      name: identity,
      registrationStatus: 'pending',
      passwordHash: password ? hashChargerPassword(password) : null,
    });
    const cp = await repo.findForOcpp(this.db, identity);
    return cp ? { cp, operatorId: owner.id } : null;
  }

  markConnected(id: number, node: string, remoteAddress: string | null) {
    return repo.markConnected(this.db, id, node, remoteAddress);
  }

  markDisconnected(id: number, node: string, detail: string) {
    return repo.markDisconnected(this.db, id, node, detail);
  }

  /** Every charger this process held, as disconnected: at start (after a crash) and at stop. */
  disconnectAllOfNode(node: string, detail?: string) {
    return repo.disconnectAllOfNode(this.db, node, detail);
  }

  recordBoot(id: number, boot: BootInfo) {
    return repo.recordBoot(this.db, id, boot);
  }

  recordHeartbeats(ids: readonly number[], tx: Tx = this.db) {
    return repo.recordHeartbeats(tx, ids);
  }

  /** In the given transaction (the central system's group commit), or in one of their own. */
  recordStatuses(reports: repo.StatusReport[], tx?: Tx) {
    if (tx) return repo.recordStatuses(tx, reports);
    return this.db.transaction((t) => repo.recordStatuses(t, reports));
  }

  recordEvent(id: number, kind: EventKind, status: string | null, payload: Record<string, unknown>) {
    return this.db.transaction((tx) => repo.recordChargerEvent(tx, id, kind, status, payload));
  }
}
