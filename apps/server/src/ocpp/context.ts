import type { FastifyBaseLogger } from 'fastify';
import type {
  ChargersOcpp,
  OcppChargePoint,
  StatusReport,
} from '../modules/charge-points/charge-points.ocpp.js';
import type { BookingsOcpp } from '../modules/bookings/bookings.ocpp.js';
import type { CustomerInformationOcpp } from '../modules/customer-information/customer-information.ocpp.js';
import type { ChargerLimitsOcpp } from '../modules/charger-limits/charger-limits.ocpp.js';
import type { DeviceModelOcpp } from '../modules/device-model/device-model.ocpp.js';
import type { DisplayMessagesOcpp } from '../modules/display-messages/display-messages.ocpp.js';
import type { MonitoringOcpp } from '../modules/monitoring/monitoring.ocpp.js';
import type { DiagnosticsOcpp } from '../modules/diagnostics/diagnostics.ocpp.js';
import type { DriversOcpp } from '../modules/drivers/drivers.ocpp.js';
import type { MaintenanceOcpp } from '../modules/maintenance/maintenance.ocpp.js';
import type { FirmwareOcpp } from '../modules/firmware/firmware.ocpp.js';
import type { SecurityOcpp } from '../modules/security/security.ocpp.js';
import type { CertificateSigningOcpp } from '../modules/security/certificate-signing.ocpp.js';
import type { SessionsOcpp } from '../modules/sessions/sessions.ocpp.js';
import type { SessionTransactions } from '../modules/sessions/sessions.transactions.js';
import type { SmartChargingOcpp } from '../modules/smart-charging/smart-charging.ocpp.js';
import type { Lane } from '../lib/coalescer.js';
import type { TariffCost } from './v201/tariff-cost.js';
import type { CaliforniaPricing } from './v16/california-pricing.js';
import type { ConnectionWitness } from '../lib/charger-clock.js';

/** What a handler gets besides the message: the charger it came from and the services. */
export interface HandlerContext {
  cp: OcppChargePoint;
  /** What Voltline knows of this connection: when it began, since when the charger was offline. */
  link?: ConnectionWitness | undefined;
  chargers: ChargersOcpp;
  drivers: DriversOcpp;
  sessions: SessionsOcpp;
  /** Sessions of chargers reporting transaction events (OCPP 2.0.1); absent where not wired. */
  transactions?: SessionTransactions | undefined;
  /** Diagnostics requests; absent where no diagnostics feature is wired (some unit tests). */
  diagnostics?: DiagnosticsOcpp | undefined;
  /** The maintenance log's automatic entries; never fails the answer. */
  maintenance: MaintenanceOcpp;
  /** Firmware campaigns: what a charger's firmware status and boots mean for them. */
  firmware?: FirmwareOcpp | undefined;
  /** Smart charging: sessions, connections and power nudge the charger's group (after the answer). */
  smartCharging?: SmartChargingOcpp | undefined;
  /** Bookings a charger's reservations end (OCPP 2.0.1 ReservationStatusUpdate); absent where not wired. */
  bookings?: BookingsOcpp | undefined;
  /** OCPP 2.0.1 device model reports (NotifyReport); absent where not wired. */
  deviceModel?: DeviceModelOcpp | undefined;
  /** Data-protection requests' answers (OCPP 2.0.1 NotifyCustomerInformation); absent where not wired. */
  customerInformation?: CustomerInformationOcpp | undefined;
  /** Prices and running costs a 2.0.1 charger shows (I02/I03); absent where not wired. */
  tariffCost?: TariffCost | undefined;
  /** Prices and costs a 1.6 charger shows (the OCA California Pricing DataTransfers); absent where not wired. */
  californiaPricing?: CaliforniaPricing | undefined;
  /** OCPP 2.0.1 display messages a charger reports (NotifyDisplayMessages); absent where not wired. */
  displayMessages?: DisplayMessagesOcpp | undefined;
  /** What 2.0.1 chargers say of their limits (K09, K12–K17); absent where not wired. */
  chargerLimits?: ChargerLimitsOcpp | undefined;
  /** OCPP 2.0.1 monitor reports (NotifyMonitoringReport); absent where not wired. */
  monitoring?: MonitoringOcpp | undefined;
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
