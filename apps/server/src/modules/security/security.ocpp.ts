import { isCriticalSecurityEvent, type Ocpp } from '@voltline/contract';
import type { Db } from '../../db/client.js';
import { PlugAndCharge } from './plug-and-charge.ocpp.js';
import { NoPncProvider, type PncProvider } from './pnc-provider.js';
import { insertEvent } from './security.repository.js';

/** The charger's side of security: the events it notifies, and its Plug & Charge questions. */
export class SecurityOcpp {
  readonly pnc: PlugAndCharge;

  constructor(
    private readonly db: Db,
    provider: PncProvider = new NoPncProvider(),
  ) {
    this.pnc = new PlugAndCharge(db, provider);
  }

  /** Stores a SecurityEventNotification as sent; the type is kept even when the edition does not define it. */
  async event(cp: { id: number; operatorId: number }, p: Ocpp.SecurityEventNotificationRequest) {
    // The schema checks the form of the time; a date the database cannot hold is taken as now.
    const at = new Date(p.timestamp);
    const occurredAt = Number.isNaN(at.getTime()) || at.getUTCFullYear() < 1 ? new Date() : at;
    await insertEvent(this.db, {
      chargePointId: cp.id,
      operatorId: cp.operatorId,
      type: p.type,
      critical: isCriticalSecurityEvent(p.type),
      occurredAt,
      techInfo: p.techInfo ?? null,
    });
  }
}
