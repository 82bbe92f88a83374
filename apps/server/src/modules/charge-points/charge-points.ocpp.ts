import type { Db, Tx } from '../../db/client.js';
import { hashChargerPassword } from '../../lib/charger-auth.js';
import * as repo from './charge-points.repository.js';
import * as pending from './pending.repository.js';

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
