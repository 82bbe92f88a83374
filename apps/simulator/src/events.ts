import type { ChargePointErrorCode, ConnectorStatus } from './connector.js';
import type { Ocpp } from '@voltline/contract';

export type BootState = 'Offline' | 'Booting' | 'Pending' | 'Accepted' | 'Rejected';
export type FirmwareStatus = Ocpp.OcppRequests['FirmwareStatusNotification']['status'];
export type DiagnosticsStatus = Ocpp.OcppRequests['DiagnosticsStatusNotification']['status'];

export interface ReceivedCall {
  action: string;
  payload: unknown;
}

export interface SentMessage {
  action: Ocpp.OcppAction;
  payload: object;
  response?: unknown;
  error?: unknown;
}

export interface SimChargerEvents {
  /** A CALL from the central system, before it is answered. */
  call: [ReceivedCall];
  /** A CALL this charger sent, with the answer or the error. */
  sent: [SentMessage];
  connected: [];
  disconnected: [{ code: number | undefined; reason: string }];
  booted: [Ocpp.OcppResponses['BootNotification']];
  status: [{ connectorId: number; status: ConnectorStatus; errorCode: ChargePointErrorCode }];
}
