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
 * still gets its answer. Each report costs one statement.
 */
export class MaintenanceOcpp {
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

  /** Call before the report is stored: it compares with the connector's status until now. */
  status(e: StatusEvent) {
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
