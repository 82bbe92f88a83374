import type { FastifyBaseLogger } from 'fastify';
import type {
  ChargersOcpp,
  OcppChargePoint,
  StatusReport,
} from '../../modules/charge-points/charge-points.ocpp.js';
import type { DiagnosticsOcpp } from '../../modules/diagnostics/diagnostics.ocpp.js';
import type { DriversOcpp } from '../../modules/drivers/drivers.ocpp.js';
import type { MaintenanceOcpp } from '../../modules/maintenance/maintenance.ocpp.js';
import type { FirmwareOcpp } from '../../modules/firmware/firmware.ocpp.js';
import type { SecurityOcpp } from '../../modules/security/security.ocpp.js';
import type { CertificateSigningOcpp } from '../../modules/security/certificate-signing.ocpp.js';
import type { SessionsOcpp } from '../../modules/sessions/sessions.ocpp.js';
import type { SmartChargingOcpp } from '../../modules/smart-charging/smart-charging.ocpp.js';
import type { Lane } from '../../lib/coalescer.js';
import type { ConnectionWitness } from '../../lib/charger-clock.js';

/** What a handler gets besides the message: the charger it came from and the services. */
export interface HandlerContext {
  cp: OcppChargePoint;
  /** What Voltline knows of this connection: when it began, since when the charger was offline. */
  link?: ConnectionWitness | undefined;
  chargers: ChargersOcpp;
  drivers: DriversOcpp;
  sessions: SessionsOcpp;
  /** Diagnostics requests; absent where no diagnostics feature is wired (some unit tests). */
  diagnostics?: DiagnosticsOcpp | undefined;
  /** The maintenance log's automatic entries; never fails the answer. */
  maintenance: MaintenanceOcpp;
  /** Firmware campaigns: what a charger's firmware status and boots mean for them. */
  firmware?: FirmwareOcpp | undefined;
  /** Smart charging: sessions, connections and power nudge the charger's group (after the answer). */
  smartCharging?: SmartChargingOcpp | undefined;
  /** Security events the charger notifies. */
  security: SecurityOcpp;
  /** Security profiles and charger certificates (SignCertificate). */
  certificates?: CertificateSigningOcpp | undefined;
  /** Heartbeats of all chargers, written together (charge point ids). */
  heartbeats: Lane<number>;
  /** Status reports of all chargers, written together. */
  statuses: Lane<StatusReport>;
  /** How long a StopTransaction is retried while the database is unavailable, ms. */
  stopRetryMs?: number;
  log: FastifyBaseLogger;
}

export type Handler<Req, Res> = (params: Req, ctx: HandlerContext) => Promise<Res>;
