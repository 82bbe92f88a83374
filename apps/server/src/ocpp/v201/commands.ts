import type { Ocpp201 } from '@voltline/contract';
import { notSupported, type CallTarget, type V201OnlyAction } from '../gateway.js';
import type {
  CommandAction,
  Translation,
  Translations,
  V201Context,
  V201Lookups,
} from './commands/context.js';
import { changeConfiguration, getConfiguration } from './commands/configuration.js';
import {
  certificateSigned,
  deleteCertificate,
  getDiagnostics,
  getInstalledCertificateIds,
  getLog,
  installCertificate,
  signedUpdateFirmware,
  updateFirmware,
} from './commands/files.js';
import { freshId } from './commands/fresh-id.js';
import { ocppEndpoint } from '../../lib/ocpp-endpoint.js';
import { clearChargingProfile, getCompositeSchedule, setChargingProfile } from './commands/profiles.js';
import {
  cancelReservation,
  changeAvailability,
  clearCache,
  dataTransfer,
  getLocalListVersion,
  reserveNow,
  reset,
  sendLocalList,
  triggerMessage,
  unlockConnector,
} from './commands/station.js';
import { remoteStart, remoteStop } from './commands/transactions.js';

export type { V201Lookups } from './commands/context.js';

/** How each command of the network's command language is said to a 2.0.1 charger. */
const TRANSLATIONS: Translations = {
  RemoteStartTransaction: remoteStart,
  RemoteStopTransaction: remoteStop,
  Reset: reset,
  UnlockConnector: unlockConnector,
  ChangeAvailability: changeAvailability,
  TriggerMessage: triggerMessage,
  ExtendedTriggerMessage: triggerMessage,
  ClearCache: clearCache,
  GetLocalListVersion: getLocalListVersion,
  SendLocalList: sendLocalList,
  DataTransfer: dataTransfer,
  ReserveNow: reserveNow,
  CancelReservation: cancelReservation,
  GetConfiguration: getConfiguration,
  ChangeConfiguration: changeConfiguration,
  SetChargingProfile: setChargingProfile,
  ClearChargingProfile: clearChargingProfile,
  GetCompositeSchedule: getCompositeSchedule,
  UpdateFirmware: updateFirmware,
  SignedUpdateFirmware: signedUpdateFirmware,
  GetDiagnostics: getDiagnostics,
  GetLog: getLog,
  InstallCertificate: installCertificate,
  GetInstalledCertificateIds: getInstalledCertificateIds,
  DeleteCertificate: deleteCertificate,
  CertificateSigned: certificateSigned,
};

/**
 * OCPP 2.0.1's own actions, which go to a 2.0.1 charger as they are and never to a 1.6 one. Typed
 * by the contract, so an action 2.0.1 gains is listed here or the build fails.
 */
const V201_ONLY: Record<V201OnlyAction, true> = {
  ClearDisplayMessage: true,
  ClearedChargingLimit: true,
  ClearVariableMonitoring: true,
  CostUpdated: true,
  CustomerInformation: true,
  Get15118EVCertificate: true,
  GetBaseReport: true,
  GetCertificateStatus: true,
  GetChargingProfiles: true,
  GetDisplayMessages: true,
  GetMonitoringReport: true,
  GetReport: true,
  GetTransactionStatus: true,
  GetVariables: true,
  NotifyChargingLimit: true,
  NotifyCustomerInformation: true,
  NotifyDisplayMessages: true,
  NotifyEVChargingNeeds: true,
  NotifyEVChargingSchedule: true,
  NotifyEvent: true,
  NotifyMonitoringReport: true,
  NotifyReport: true,
  PublishFirmware: true,
  PublishFirmwareStatusNotification: true,
  ReportChargingProfiles: true,
  RequestStartTransaction: true,
  RequestStopTransaction: true,
  ReservationStatusUpdate: true,
  SetDisplayMessage: true,
  SetMonitoringBase: true,
  SetMonitoringLevel: true,
  SetNetworkProfile: true,
  SetVariableMonitoring: true,
  SetVariables: true,
  TransactionEvent: true,
  UnpublishFirmware: true,
};

function isV201Only(action: string): action is V201OnlyAction {
  return Object.hasOwn(V201_ONLY, action);
}

function isCommand(action: string): action is CommandAction {
  return Object.hasOwn(TRANSLATIONS, action);
}

/**
 * A 2.0.1 charger's socket as the command gateway sees it: each command of the network's command
 * language (1.6's names and shapes) goes out as the 2.0.1 CALL that means it, and its answer comes
 * back in 1.6's shape; 2.0.1's own actions go through unchanged. A command with no 2.0.1 meaning is
 * refused (`ocpp.notSupported`) before anything is sent.
 */
export function v201CallTarget(
  client: CallTarget,
  charger: { id: number; chargePointId: string },
  lookups: V201Lookups,
  csmsUrl: (securityProfile: number) => string = defaultCsmsUrl,
): CallTarget {
  return {
    close: (options) => client.close(options),
    // The raw console's requests are 2.0.1's own, checked against its schema: never translated.
    raw: { protocol: 'ocpp2.0.1', call: (method, params, options) => client.call(method, params, options) },
    async call(method, params, options) {
      if (isV201Only(method)) return client.call(method, params, options);
      if (!isCommand(method)) throw notSupported(charger.chargePointId, method);
      const ctx: V201Context = {
        charger,
        lookups,
        csmsUrl,
        freshId,
        call: async <A extends keyof Ocpp201.OcppRequests>(action: A, payload: Ocpp201.OcppRequests[A]) =>
          (await client.call(action, payload, options)) as Ocpp201.OcppResponses[A],
      };
      // The gateway typed the payload by the action; the table's entry for it takes that payload.
      const translate = TRANSLATIONS[method] as Translation<CommandAction>;
      return translate(params as never, ctx);
    },
  };
}

/** Without a public URL (unit tests): the endpoint on this machine's default port. */
function defaultCsmsUrl(securityProfile: number): string {
  return ocppEndpoint('http://localhost:3000', securityProfile);
}

/**
 * A 1.6 charger's socket as the command gateway sees it: the command language is 1.6, so commands
 * go as they are, and 2.0.1's own actions are refused before anything is sent.
 */
export function v16CallTarget(client: CallTarget, charger: { chargePointId: string }): CallTarget {
  return {
    close: (options) => client.close(options),
    raw: { protocol: 'ocpp1.6', call: (method, params, options) => client.call(method, params, options) },
    call(method, params, options) {
      if (isV201Only(method)) return Promise.reject(notSupported(charger.chargePointId, method));
      return client.call(method, params, options);
    },
  };
}
