import { z } from 'zod';
import type { OcppProtocol } from './evse.js';
import type * as Ocpp from './ocpp16.generated.js';
import type * as Ocpp201 from './ocpp201.generated.js';
import type { Permission } from './roles.js';

/**
 * The requests a central system sends a charger (CSMS → charger), per OCPP version: what the raw
 * command console offers. Typed by the official schemas' action names, so a misspelt one fails the
 * build; the schemas themselves say nothing of direction, the specifications do.
 */
const OCPP16_REQUESTS = [
  'CancelReservation',
  'CertificateSigned',
  'ChangeAvailability',
  'ChangeConfiguration',
  'ClearCache',
  'ClearChargingProfile',
  'DataTransfer',
  'DeleteCertificate',
  'ExtendedTriggerMessage',
  'GetCompositeSchedule',
  'GetConfiguration',
  'GetDiagnostics',
  'GetInstalledCertificateIds',
  'GetLocalListVersion',
  'GetLog',
  'InstallCertificate',
  'RemoteStartTransaction',
  'RemoteStopTransaction',
  'ReserveNow',
  'Reset',
  'SendLocalList',
  'SetChargingProfile',
  'SignedUpdateFirmware',
  'TriggerMessage',
  'UnlockConnector',
  'UpdateFirmware',
] as const satisfies readonly (keyof Ocpp.OcppRequests)[];

const OCPP201_REQUESTS = [
  'CancelReservation',
  'CertificateSigned',
  'ChangeAvailability',
  'ClearCache',
  'ClearChargingProfile',
  'ClearDisplayMessage',
  'ClearVariableMonitoring',
  'CostUpdated',
  'CustomerInformation',
  'DataTransfer',
  'DeleteCertificate',
  'GetBaseReport',
  'GetChargingProfiles',
  'GetCompositeSchedule',
  'GetDisplayMessages',
  'GetInstalledCertificateIds',
  'GetLocalListVersion',
  'GetLog',
  'GetMonitoringReport',
  'GetReport',
  'GetTransactionStatus',
  'GetVariables',
  'InstallCertificate',
  'PublishFirmware',
  'RequestStartTransaction',
  'RequestStopTransaction',
  'ReserveNow',
  'Reset',
  'SendLocalList',
  'SetChargingProfile',
  'SetDisplayMessage',
  'SetMonitoringBase',
  'SetMonitoringLevel',
  'SetNetworkProfile',
  'SetVariableMonitoring',
  'SetVariables',
  'TriggerMessage',
  'UnlockConnector',
  'UnpublishFirmware',
  'UpdateFirmware',
] as const satisfies readonly (keyof Ocpp201.OcppRequests)[];

export const RAW_CALL_ACTIONS: Record<OcppProtocol, readonly string[]> = {
  'ocpp1.6': OCPP16_REQUESTS,
  'ocpp2.0.1': OCPP201_REQUESTS,
};

/** The requests a charger of this protocol can be sent (none for a protocol not named). */
export function rawCallActions(protocol: string | undefined): readonly string[] {
  return RAW_CALL_ACTIONS[protocol as OcppProtocol] ?? [];
}

/** What the raw console needs besides `commands:write`. */
export const RAW_CALL_PERMISSIONS: readonly Permission[] = ['commands:raw'];

/**
 * Body of `POST ocpp/RemoteTrigger/call`: one request of the charger's own OCPP version, sent as
 * written once the official schema of that version accepts it.
 */
export const RawCallBody = z.object({
  chargePointId: z.string().trim().min(1).max(48),
  action: z.string().trim().min(1).max(64),
  payload: z.record(z.string(), z.unknown()),
});
export type RawCallBody = z.infer<typeof RawCallBody>;

/** A charger's CALLERROR, as it sent it. */
export const RawCallError = z.object({
  code: z.string(),
  description: z.string(),
  details: z.unknown().optional(),
});
export type RawCallError = z.infer<typeof RawCallError>;

/** What came back: the charger's reply (its CALLRESULT), or its CALLERROR (with `refused`). */
export const RawCallResult = z.object({
  reply: z.record(z.string(), z.unknown()).optional(),
  callError: RawCallError.optional(),
});
export type RawCallResult = z.infer<typeof RawCallResult>;
