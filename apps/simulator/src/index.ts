export {
  SimCharger,
  startCharger,
  type BootState,
  type DiagnosticsStatus,
  type FirmwareStatus,
  type ReceivedCall,
  type SentMessage,
  type SimChargerEvents,
} from './charger.js';
export { Fleet, startFleet, chargerId, speaksOcpp201, type FleetOptions, type FleetStats } from './fleet.js';
export { SimCharger201, startCharger201, type IdTokenInfo201, type NetworkProfile } from './v201/charger.js';
export type { SentMessage201, SimCharger201Events, BootReason } from './v201/station.js';
export type { SessionStart201, StartOptions201 } from './v201/sessions.js';
export type { ConnectorStatus201, Transaction201, IdToken } from './v201/evse.js';
export { supportedCommands201 } from './v201/commands.js';
export {
  authorizeContract,
  requestCertificateStatus,
  requestEvCertificate,
  type OcspRequestData201,
} from './v201/plug-and-charge.js';
export type { SimChargerOptions, Logger, OcppVersion, IdTokenType } from './options.js';
export type { ChargePointErrorCode, ConnectorStatus, Connector, Transaction } from './connector.js';
export type { SessionStart, StartOptions, StopReason } from './sessions.js';
export type { IdTagInfo } from './local-auth.js';
export type { CostMessage } from './cost-messages.js';
export type { Vehicle } from './power-curve.js';
export { Scheduler, sharedScheduler } from './scheduler.js';
export { CardPool } from './card-pool.js';
export { decodeAuthorizationKey } from './authorization-key.js';
export { supportedCommands } from './commands/index.js';
export { download, downloadFile, upload, uploadFile } from './transfer.js';
