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
export { Fleet, startFleet, chargerId, type FleetOptions, type FleetStats } from './fleet.js';
export type { SimChargerOptions, Logger } from './options.js';
export type { ChargePointErrorCode, ConnectorStatus, Connector, Transaction } from './connector.js';
export type { SessionStart, StartOptions, StopReason } from './sessions.js';
export type { IdTagInfo } from './local-auth.js';
export type { Vehicle } from './power-curve.js';
export { Scheduler, sharedScheduler } from './scheduler.js';
export { CardPool } from './card-pool.js';
export { decodeAuthorizationKey } from './authorization-key.js';
export { supportedCommands } from './commands/index.js';
export { download, downloadFile, upload, uploadFile } from './transfer.js';
