import type { SimCharger } from '../charger.js';
import { notImplemented } from '../connection.js';
import type { Ocpp } from '@voltline/contract';
import { cancelReservation } from './cancel-reservation.js';
import { certificateSigned } from './certificate-signed.js';
import { changeAvailability } from './change-availability.js';
import { changeConfiguration } from './change-configuration.js';
import { clearCache } from './clear-cache.js';
import { clearChargingProfile } from './clear-charging-profile.js';
import { dataTransfer } from './data-transfer.js';
import { deleteCertificate } from './delete-certificate.js';
import { extendedTriggerMessage } from './extended-trigger-message.js';
import { getCompositeSchedule } from './get-composite-schedule.js';
import { getConfiguration } from './get-configuration.js';
import { getDiagnostics } from './get-diagnostics.js';
import { getInstalledCertificateIds } from './get-installed-certificate-ids.js';
import { getLocalListVersion } from './get-local-list-version.js';
import { installCertificate } from './install-certificate.js';
import { getLog } from './get-log.js';
import { remoteStartTransaction } from './remote-start-transaction.js';
import { remoteStopTransaction } from './remote-stop-transaction.js';
import { reserveNow } from './reserve-now.js';
import { reset } from './reset.js';
import { sendLocalList } from './send-local-list.js';
import { setChargingProfile } from './set-charging-profile.js';
import { signedUpdateFirmware } from './signed-update-firmware.js';
import { triggerMessage } from './trigger-message.js';
import type { CommandHandler } from './types.js';
import { unlockConnector } from './unlock-connector.js';
import { updateFirmware } from './update-firmware.js';

const handlers: { [A in Ocpp.OcppAction]?: CommandHandler<A> } = {
  CancelReservation: cancelReservation,
  CertificateSigned: certificateSigned,
  ChangeAvailability: changeAvailability,
  ChangeConfiguration: changeConfiguration,
  ClearCache: clearCache,
  ClearChargingProfile: clearChargingProfile,
  DataTransfer: dataTransfer,
  DeleteCertificate: deleteCertificate,
  ExtendedTriggerMessage: extendedTriggerMessage,
  GetCompositeSchedule: getCompositeSchedule,
  GetConfiguration: getConfiguration,
  GetDiagnostics: getDiagnostics,
  GetInstalledCertificateIds: getInstalledCertificateIds,
  GetLocalListVersion: getLocalListVersion,
  InstallCertificate: installCertificate,
  GetLog: getLog,
  RemoteStartTransaction: remoteStartTransaction,
  RemoteStopTransaction: remoteStopTransaction,
  ReserveNow: reserveNow,
  Reset: reset,
  SendLocalList: sendLocalList,
  SetChargingProfile: setChargingProfile,
  SignedUpdateFirmware: signedUpdateFirmware,
  TriggerMessage: triggerMessage,
  UnlockConnector: unlockConnector,
  UpdateFirmware: updateFirmware,
};

/** The actions this charger answers; anything else gets a NotImplemented CALLERROR. */
export const supportedCommands = Object.keys(handlers) as Ocpp.OcppAction[];

/** The security edition's CALLs from the central system, which a charger without it does not know. */
const SECURITY_EDITION: ReadonlySet<string> = new Set([
  'CertificateSigned',
  'DeleteCertificate',
  'ExtendedTriggerMessage',
  'GetInstalledCertificateIds',
  'GetLog',
  'InstallCertificate',
  'SignedUpdateFirmware',
]);

/** Action → handler. ocpp-rpc has already validated the payload against the 1.6 schema (strict mode). */
export async function dispatch(charger: SimCharger, action: string, payload: unknown): Promise<object> {
  const handler = handlers[action as Ocpp.OcppAction] as
    ((c: SimCharger, request: unknown) => object | Promise<object>) | undefined;
  if (!handler || (!charger.options.securityEdition && SECURITY_EDITION.has(action))) {
    throw notImplemented(action);
  }
  return await handler(charger, payload);
}
