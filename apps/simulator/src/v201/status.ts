import type { Ocpp201 } from '@voltline/contract';
import type { ConnectorStatus201, Evse } from './evse.js';
import type { Station201 } from './station.js';

/**
 * StatusNotification per EVSE and connector (B01, G01): sent when a status changed, all of them after
 * every accepted boot or reconnect, and on TriggerMessage, even before the boot is accepted.
 */
export class StatusReports {
  /** What the CSMS was last told, per EVSE; forgotten with the connection. */
  private readonly reported = new Map<number, ConnectorStatus201>();

  constructor(private readonly station: Station201) {}

  forget(): void {
    this.reported.clear();
  }

  /** Every EVSE's connector: those that changed, or all. */
  reportAll(all = false, triggered = false): void {
    for (const e of this.station.evses) this.report(e, all, triggered);
  }

  /** Reports the EVSE's connector status when it changed since last reported (or `force`). */
  report(e: Evse, force = false, triggered = false): void {
    const s = this.station;
    const status = e.currentStatus();
    const changed = this.reported.get(e.id) !== status;
    if (changed) s.emit('status', { evseId: e.id, connectorId: e.connectorId, status });
    if (!(changed || force) || !(s.isOnline || (triggered && s.isConnected))) return;
    this.reported.set(e.id, status);
    const payload: Ocpp201.StatusNotificationRequest = {
      timestamp: s.now().toISOString(),
      connectorStatus: status,
      evseId: e.id,
      connectorId: e.connectorId,
    };
    s.send('StatusNotification', payload, triggered).catch(() => this.reported.delete(e.id));
  }
}
