import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import {
  recordChargerEntry,
  recordReboot,
  recordStatusEvent,
  type StatusEvent,
} from './auto-entries.repository.js';

/**
 * The entries Voltline writes into the maintenance log from what chargers report. The log is a
 * record beside the OCPP exchange, never part of it: a failure here is logged and the charger
 * still gets its answer. A report that may mean an entry costs one statement.
 *
 * The central system takes one copy per charger connection (`forConnection`): it remembers which
 * connectors last reported NoError and not Unavailable. Another such report opens, clears and
 * changes nothing, so the common StatusNotification (Available → Preparing → Charging …) writes
 * nothing here. A new connection knows nothing yet, so its first report per connector is always
 * looked at: that clears a fault opened before a restart or on another Voltline process.
 */
export class MaintenanceOcpp {
  private readonly quiet = new Set<number>();

  constructor(
    private readonly db: Db,
    private readonly log: FastifyBaseLogger,
  ) {}

  private async safely(what: string, chargePointId: number, write: () => Promise<unknown>) {
    try {
      await write();
    } catch (err) {
      this.log.error({ err, chargePointId }, `maintenance log: could not record ${what}`);
    }
  }

  /** The copy a charger connection uses; it dies with the connection. */
  forConnection(): MaintenanceOcpp {
    return new MaintenanceOcpp(this.db, this.log);
  }

  /** Call before the report is stored: it compares with the connector's status until now. */
  status(e: StatusEvent) {
    const quietNow = e.errorCode === 'NoError' && e.status !== 'Unavailable';
    const wasQuiet = this.quiet.has(e.connectorId);
    if (quietNow) this.quiet.add(e.connectorId);
    else this.quiet.delete(e.connectorId);
    if (quietNow && wasQuiet) return Promise.resolve();
    return this.safely('a status change', e.chargePointId, () => recordStatusEvent(this.db, e));
  }

  /** Call before the boot is stored: it compares with the firmware version until now. */
  reboot(chargePointId: number, firmwareVersion: string | null) {
    return this.safely('a reboot', chargePointId, () =>
      recordReboot(this.db, chargePointId, firmwareVersion),
    );
  }

  /** Idle says nothing happened (OCPP 1.6 §6.11, §6.23), so it is not an entry. */
  firmwareStatus(chargePointId: number, status: string) {
    if (status === 'Idle') return Promise.resolve();
    return this.safely('a firmware status', chargePointId, () =>
      recordChargerEntry(this.db, chargePointId, 'firmware', { status }),
    );
  }

  diagnosticsStatus(chargePointId: number, status: string) {
    if (status === 'Idle') return Promise.resolve();
    return this.safely('a diagnostics status', chargePointId, () =>
      recordChargerEntry(this.db, chargePointId, 'diagnostics', { status }),
    );
  }
}
