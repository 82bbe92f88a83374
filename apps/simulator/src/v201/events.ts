import type { Ocpp201 } from '@voltline/contract';
import type { ConnectorStatus201 } from './evse.js';

export type BootReason = Ocpp201.BootNotificationRequest['reason'];
export type Action201 = Ocpp201.OcppAction;

export interface SentMessage201 {
  action: Action201;
  payload: object;
  response?: unknown;
  error?: unknown;
}

export interface SimCharger201Events {
  /** A CALL from the CSMS, before it is answered. */
  call: [{ action: string; payload: unknown }];
  sent: [SentMessage201];
  connected: [];
  disconnected: [{ code: number | undefined; reason: string }];
  booted: [Ocpp201.BootNotificationResponse];
  status: [{ evseId: number; connectorId: number; status: ConnectorStatus201 }];
  /** An EVSE's power as it charges (W), for the monitors that watch it. */
  power: [{ evseId: number; powerW: number }];
}
