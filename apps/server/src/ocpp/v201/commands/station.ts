import type { Ocpp, Ocpp201 } from '@voltline/contract';
import { defined, groupToken, idToken, type CommandAnswer, type V201Context } from './context.js';

/**
 * B11/B12: Hard is Immediate, Soft waits for the transactions to end (OnIdle). A 2.0.1 charger may
 * answer Scheduled (it will reset once idle): 1.6 calls that Accepted, the answer keeps its word.
 */
export async function reset(req: Ocpp.ResetRequest, ctx: V201Context): Promise<CommandAnswer<'Reset'>> {
  const answer = await ctx.call('Reset', { type: req.type === 'Hard' ? 'Immediate' : 'OnIdle' });
  if (answer.status === 'Scheduled') return { status: 'Accepted', chargerStatus: 'Scheduled' };
  return { status: answer.status };
}

const UNLOCK_16: Record<Ocpp201.UnlockConnectorResponse['status'], Ocpp.UnlockConnectorResponse['status']> = {
  Unlocked: 'Unlocked',
  UnlockFailed: 'UnlockFailed',
  // The charger keeps the cable locked for a charging driver: it did not unlock.
  OngoingAuthorizedTransaction: 'UnlockFailed',
  UnknownConnector: 'NotSupported',
};

/**
 * F05: connector N is EVSE N; an EVSE's plugs are numbered within it and Voltline knows one per
 * EVSE, so plug 1. The charger's own status stays in the answer for the portal to word.
 */
export async function unlockConnector(
  req: Ocpp.UnlockConnectorRequest,
  ctx: V201Context,
): Promise<CommandAnswer<'UnlockConnector'>> {
  const answer = await ctx.call('UnlockConnector', { evseId: req.connectorId, connectorId: 1 });
  return { status: UNLOCK_16[answer.status], chargerStatus: answer.status };
}

/** G03 (whole station, connector 0) and G04 (one EVSE). */
export async function changeAvailability(
  req: Ocpp.ChangeAvailabilityRequest,
  ctx: V201Context,
): Promise<CommandAnswer<'ChangeAvailability'>> {
  const answer = await ctx.call('ChangeAvailability', {
    operationalStatus: req.type,
    ...(req.connectorId > 0 ? { evse: { id: req.connectorId } } : {}),
  });
  return { status: answer.status };
}

type Requested = Ocpp201.TriggerMessageRequest['requestedMessage'];
const TRIGGERED: Record<
  Ocpp.TriggerMessageRequest['requestedMessage'] | Ocpp.ExtendedTriggerMessageRequest['requestedMessage'],
  Requested
> = {
  BootNotification: 'BootNotification',
  Heartbeat: 'Heartbeat',
  MeterValues: 'MeterValues',
  StatusNotification: 'StatusNotification',
  FirmwareStatusNotification: 'FirmwareStatusNotification',
  // 2.0.1 reports every log upload, diagnostics included, with LogStatusNotification.
  DiagnosticsStatusNotification: 'LogStatusNotification',
  LogStatusNotification: 'LogStatusNotification',
  SignChargePointCertificate: 'SignChargingStationCertificate',
};

/**
 * F06: the message asked for, for an EVSE when a connector is named (0 is the station). A status
 * is a plug's, so a StatusNotification names the EVSE's plug 1.
 */
export async function triggerMessage(
  req: Ocpp.TriggerMessageRequest | Ocpp.ExtendedTriggerMessageRequest,
  ctx: V201Context,
): Promise<Ocpp.TriggerMessageResponse> {
  const requestedMessage = TRIGGERED[req.requestedMessage];
  const evse =
    req.connectorId !== undefined && req.connectorId > 0
      ? {
          id: req.connectorId,
          ...(requestedMessage === 'StatusNotification' ? { connectorId: 1 } : {}),
        }
      : undefined;
  const answer = await ctx.call('TriggerMessage', { requestedMessage, ...defined({ evse }) });
  return { status: answer.status };
}

/** C11: the same command in both versions. */
export async function clearCache(_req: Ocpp.ClearCacheRequest, ctx: V201Context) {
  const answer = await ctx.call('ClearCache', {});
  return { status: answer.status };
}

/** D02: the list's version is `versionNumber` in 2.0.1. */
export async function getLocalListVersion(_req: Ocpp.GetLocalListVersionRequest, ctx: V201Context) {
  const answer = await ctx.call('GetLocalListVersion', {});
  return { listVersion: answer.versionNumber };
}

/**
 * D01: each idTag becomes an idToken, its idTagInfo an idTokenInfo (expiry as the cache expiry,
 * the parent tag as the Central group token). An entry without idTagInfo still removes the tag.
 */
export function localList201(req: Ocpp.SendLocalListRequest): Ocpp201.SendLocalListRequest {
  const list = req.localAuthorizationList?.map((entry) => ({
    idToken: idToken(entry.idTag),
    ...(entry.idTagInfo
      ? {
          idTokenInfo: {
            status: entry.idTagInfo.status,
            ...defined({
              cacheExpiryDateTime: entry.idTagInfo.expiryDate,
              groupIdToken: entry.idTagInfo.parentIdTag ? groupToken(entry.idTagInfo.parentIdTag) : undefined,
            }),
          },
        }
      : {}),
  }));
  return {
    versionNumber: req.listVersion,
    updateType: req.updateType,
    ...defined({ localAuthorizationList: list }),
  };
}

/** D01: one message of a local list (the domain splits a list by the charger's limits). */
export async function sendLocalList(
  req: Ocpp.SendLocalListRequest,
  ctx: V201Context,
): Promise<CommandAnswer<'SendLocalList'>> {
  const answer = await ctx.call('SendLocalList', localList201(req));
  return { status: answer.status };
}

/** P01/P02: the same message in both versions (2.0.1's data may be any JSON; 1.6 sends text). */
export async function dataTransfer(
  req: Ocpp.DataTransferRequest,
  ctx: V201Context,
): Promise<CommandAnswer<'DataTransfer'>> {
  const answer = await ctx.call('DataTransfer', {
    vendorId: req.vendorId,
    ...defined({ messageId: req.messageId, data: req.data }),
  });
  const data =
    answer.data === undefined || typeof answer.data === 'string' ? answer.data : JSON.stringify(answer.data);
  return { status: answer.status, ...defined({ data }) };
}

/**
 * H01: a reservation of connector N reserves EVSE N; connector 0 reserves the station without
 * naming an EVSE, as 1.6's connector 0 does.
 */
export async function reserveNow(
  req: Ocpp.ReserveNowRequest,
  ctx: V201Context,
): Promise<CommandAnswer<'ReserveNow'>> {
  const answer = await ctx.call('ReserveNow', {
    id: req.reservationId,
    expiryDateTime: req.expiryDate,
    idToken: idToken(req.idTag),
    ...(req.connectorId > 0 ? { evseId: req.connectorId } : {}),
    ...(req.parentIdTag ? { groupIdToken: groupToken(req.parentIdTag) } : {}),
  });
  return { status: answer.status };
}

/** H02: the same command in both versions. */
export async function cancelReservation(req: Ocpp.CancelReservationRequest, ctx: V201Context) {
  const answer = await ctx.call('CancelReservation', { reservationId: req.reservationId });
  return { status: answer.status };
}
