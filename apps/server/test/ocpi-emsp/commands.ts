import { randomUUID } from 'node:crypto';
import type { EmspContext } from './context.js';
import type { Client } from './transport.js';
import { Status, type CommandType, type Obj } from './types.js';
import { COMMAND_RESPONSE, isObj, missing } from './validators.js';

/**
 * Commands sent to the peer's commands RECEIVER; their CommandResults arrive at this eMSP's own
 * response_url and are kept in `commandResults`.
 */
export function createCommands(ctx: EmspContext, client: Client) {
  const { moduleUrl, commandResults, problem } = ctx;
  const { send, endpointOf } = client;

  async function command(type: CommandType, payload: Obj) {
    const id = randomUUID();
    const responseUrl = `${moduleUrl('commands')}/${type}/${id}`;
    const answer = await send<Obj>('POST', `${endpointOf('commands', 'RECEIVER')}/${type}`, {
      response_url: responseUrl,
      ...payload,
    });
    if (answer.envelope.status_code === Status.success) {
      const err = isObj(answer.envelope.data)
        ? missing(answer.envelope.data, COMMAND_RESPONSE)
        : 'no CommandResponse';
      if (err) problem(`POST commands/${type}: invalid CommandResponse: ${err}`);
    }
    return { id, responseUrl, answer };
  }

  async function waitForCommandResult(id: string, timeoutMs = 5000): Promise<Obj> {
    const end = Date.now() + timeoutMs;
    while (!commandResults.has(id)) {
      if (Date.now() > end) throw new Error(`no CommandResult for ${id} within ${timeoutMs} ms`);
      await new Promise((r) => setTimeout(r, 20));
    }
    return commandResults.get(id)!;
  }

  return {
    startSession(p: {
      token: Obj;
      locationId: string;
      evseUid?: string;
      connectorId?: string;
      authorizationReference?: string;
    }) {
      return command('START_SESSION', {
        token: p.token,
        location_id: p.locationId,
        ...(p.evseUid ? { evse_uid: p.evseUid } : {}),
        ...(p.connectorId ? { connector_id: p.connectorId } : {}),
        ...(p.authorizationReference ? { authorization_reference: p.authorizationReference } : {}),
      });
    },
    stopSession(sessionId: string) {
      return command('STOP_SESSION', { session_id: sessionId });
    },
    reserveNow(p: {
      token: Obj;
      expiryDate: string;
      reservationId: string;
      locationId: string;
      evseUid?: string;
    }) {
      return command('RESERVE_NOW', {
        token: p.token,
        expiry_date: p.expiryDate,
        reservation_id: p.reservationId,
        location_id: p.locationId,
        ...(p.evseUid ? { evse_uid: p.evseUid } : {}),
      });
    },
    cancelReservation(reservationId: string) {
      return command('CANCEL_RESERVATION', { reservation_id: reservationId });
    },
    unlockConnector(p: { locationId: string; evseUid: string; connectorId: string }) {
      return command('UNLOCK_CONNECTOR', {
        location_id: p.locationId,
        evse_uid: p.evseUid,
        connector_id: p.connectorId,
      });
    },
    waitForCommandResult,
  };
}
