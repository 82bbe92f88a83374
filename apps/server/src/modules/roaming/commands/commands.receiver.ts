import { randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../../db/client.js';
import { ROAMING_RESERVATION_BASE } from '../../../db/schema/index.js';
import type { OutboundAction } from '../../../ocpp/gateway.js';
import { ocpiCall, type Party } from '../ocpi/client.js';
import { OCPI_STATUS, OcpiError } from '../ocpi/transport.js';
import type { OcpiCaller } from '../roaming.inbound.js';
import type { PartnerRow } from '../roaming.repository.js';
import { upsertToken } from '../tokens/tokens.repository.js';
import {
  COMMAND_BODIES,
  COMMAND_TYPES,
  say,
  type CancelReservation,
  type CommandResponse,
  type CommandResult,
  type CommandType,
  type ReserveNow,
  type StartSession,
  type StopSession,
  type UnlockConnector,
} from './command-bodies.js';
import { resultOf, type Sent } from './command-results.js';
import * as repo from './commands.repository.js';
import { placeOf, rejected, type Charger, type CommandPlace, type Placed } from './place.js';

type Payload = Record<string, unknown>;

/** The command gateway as roaming uses it: recorded commands (CommandsService.sendRecorded). */
export interface ChargerCommands {
  isConnected(chargePointId: string): Promise<boolean>;
  sendRecorded(
    cp: Charger,
    action: OutboundAction,
    payload: Payload,
    opts: { logged: Payload; userId: number | null },
  ): Promise<Sent>;
}

export interface RoamingCommandsDeps {
  db: Db;
  log: FastifyBaseLogger;
  own: Party;
  call: { timeoutMs: number; allowPrivate: boolean };
  chargers: ChargerCommands;
  /** How long the charger has to answer (OCPP_CALL_TIMEOUT_SECONDS): the CommandResponse's timeout adds the post. */
  chargerTimeoutSeconds: number;
}

/** What a command does once answered ACCEPTED: the charger command, then the result posted. */
type Work = () => Promise<CommandResult>;

/**
 * The Commands module, receiver (OCPI 2.2.1 chapter 13): an eMSP asks Voltline to start or stop a
 * session, reserve, cancel a reservation or unlock a connector at a location published to it.
 * Voltline answers at once (CommandResponse) from what it knows: the location, EVSE and session must
 * be the partner's, the charger online. The charger command goes through the protocol-neutral
 * gateway after the answer, so the partner never waits for a charger, and what the charger said is
 * posted to the command's response_url (CommandResult) with the partner's token.
 */
export class RoamingCommands {
  constructor(private readonly deps: RoamingCommandsDeps) {}

  /** Background work still running (tests wait for it before closing). */
  readonly pending = new Set<Promise<void>>();

  async receive(caller: OcpiCaller, type: string, body: unknown): Promise<CommandResponse> {
    if (!(COMMAND_TYPES as readonly string[]).includes(type))
      return { result: 'NOT_SUPPORTED', timeout: 0, message: say(`Unknown command ${type}`) };
    const command = type as CommandType;
    const parsed = COMMAND_BODIES[command].safeParse(body);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      const where = issue?.path.join('.') || 'body';
      // Valid JSON at an existing endpoint: HTTP 200, the OCPI status says what is wrong (4.1.7).
      throw new OcpiError(200, OCPI_STATUS.invalidParameters, `${where}: ${issue?.message ?? 'invalid'}`);
    }
    const { partner } = caller;
    const planned = await this.plan(partner, command, parsed.data);
    if ('response' in planned) return planned.response;
    const timeout = this.deps.chargerTimeoutSeconds + Math.ceil(this.deps.call.timeoutMs / 1000);
    const responseUrl = (parsed.data as { response_url: string }).response_url;
    const job = this.carryOut(partner, command, responseUrl, planned.work);
    this.pending.add(job);
    void job.finally(() => this.pending.delete(job));
    return { result: 'ACCEPTED', timeout };
  }

  private plan(p: PartnerRow, command: CommandType, body: unknown) {
    switch (command) {
      case 'START_SESSION':
        return this.startSession(p, body as StartSession);
      case 'STOP_SESSION':
        return this.stopSession(p, body as StopSession);
      case 'RESERVE_NOW':
        return this.reserveNow(p, body as ReserveNow);
      case 'CANCEL_RESERVATION':
        return this.cancelReservation(p, body as CancelReservation);
      case 'UNLOCK_CONNECTOR':
        return this.unlockConnector(p, body as UnlockConnector);
    }
  }

  private async carryOut(p: PartnerRow, command: CommandType, url: string, work: Work) {
    let result: CommandResult;
    try {
      result = await work();
    } catch (err) {
      this.deps.log.error({ err, partnerId: p.id, command }, 'OCPI command failed');
      result = { result: 'FAILED', message: say('Voltline could not carry out the command') };
    }
    const to: Party = { countryCode: p.countryCode ?? '', partyId: p.partyId ?? '' };
    try {
      await ocpiCall(
        {
          method: 'POST',
          url,
          token: p.outgoingToken ?? '',
          body: result,
          routing: { from: this.deps.own, to },
        },
        this.deps.call,
      );
    } catch (err) {
      // The partner's response_url refused or is unreachable: the charger's side is done regardless.
      this.deps.log.warn({ err, partnerId: p.id, command }, 'OCPI CommandResult not delivered');
    }
  }

  /** Sends a charger command, recorded with the partner as its origin, and says how it went. */
  private async send(
    p: PartnerRow,
    cp: Charger,
    command: CommandType,
    action: OutboundAction,
    payload: Payload,
  ) {
    const origin = { ocpi: { partner: `${p.countryCode ?? ''}*${p.partyId ?? ''}`, command } };
    return this.deps.chargers.sendRecorded(cp, action, payload, {
      logged: { ...payload, ...origin },
      userId: null,
    });
  }

  /** The published location, EVSE and connector the command names (place.ts), its charger online. */
  private place(
    p: PartnerRow,
    ids: CommandPlace,
    evse: 'required' | 'optional',
  ): Promise<Placed | { response: CommandResponse }> {
    return placeOf(this.deps.db, this.deps.chargers, p, ids, evse);
  }

  /** Stores the command's token and its authorization at the charger (the start then accepts it). */
  private async authorize(
    p: PartnerRow,
    body: StartSession | ReserveNow,
    cp: Charger,
    evseUid: string | null,
  ) {
    await this.deps.db.transaction(async (tx) => {
      const token = await upsertToken(tx, p.id, body.token);
      await repo.insertCommandAuthorization(tx, {
        partnerId: p.id,
        tokenId: token.id,
        tokenUid: body.token.uid,
        tokenType: body.token.type,
        chargePointId: cp.id,
        evseUid,
        authorizationReference: body.authorization_reference ?? randomUUID().slice(0, 36),
      });
    });
  }

  private async startSession(p: PartnerRow, body: StartSession) {
    if (!body.token.valid) return rejected('The token is not valid');
    const at = await this.place(p, body, 'optional');
    if ('response' in at) return at;
    const { cp, connector } = at;
    await this.authorize(p, body, cp, connector ? String(connector.id) : null);
    // Without an EVSE the charger chooses the connector (RemoteStartTransaction's connectorId is optional).
    const payload = { idTag: body.token.uid, ...(connector ? { connectorId: connector.connectorId } : {}) };
    return {
      work: async () =>
        resultOf(
          await this.send(p, cp, 'START_SESSION', 'RemoteStartTransaction', payload),
          'RemoteStartTransaction',
        ),
    };
  }

  private async stopSession(p: PartnerRow, body: StopSession) {
    const id = /^\d{1,9}$/.test(body.session_id) ? Number(body.session_id) : null;
    const session = id === null ? undefined : await repo.partnerSession(this.deps.db, p.id, id);
    if (!session)
      return {
        response: {
          result: 'UNKNOWN_SESSION',
          timeout: 0,
          message: say(`Session ${body.session_id} is unknown`),
        } as CommandResponse,
      };
    if (session.stoppedAt) return rejected(`Session ${body.session_id} has already ended`);
    const cp = await repo.chargerOf(this.deps.db, session.chargePointId);
    if (!cp || !(await this.deps.chargers.isConnected(cp.chargePointId)))
      return rejected('The charger of the session is offline');
    // The session id is the transaction id in the gateway's language (2.0.1: mapped to the charger's).
    const payload = { transactionId: session.sessionId };
    return {
      work: async () =>
        resultOf(
          await this.send(p, cp, 'STOP_SESSION', 'RemoteStopTransaction', payload),
          'RemoteStopTransaction',
        ),
    };
  }

  private async reserveNow(p: PartnerRow, body: ReserveNow) {
    if (!body.token.valid) return rejected('The token is not valid');
    const expiresAt = new Date(body.expiry_date);
    if (expiresAt.getTime() <= Date.now()) return rejected('The expiry date has passed');
    const at = await this.place(p, body, 'optional');
    if ('response' in at) return at;
    const { cp, connector } = at;
    await this.authorize(p, body, cp, connector ? String(connector.id) : null);
    const reservation = await repo.upsertReservation(this.deps.db, {
      partnerId: p.id,
      reservationId: body.reservation_id,
      chargePointId: cp.id,
      connectorId: connector?.connectorId ?? 0,
      tokenUid: body.token.uid,
      expiresAt,
    });
    const payload = {
      // Connector 0: the charge point as a whole, when the partner named no EVSE.
      connectorId: connector?.connectorId ?? 0,
      expiryDate: expiresAt.toISOString(),
      idTag: body.token.uid,
      reservationId: ROAMING_RESERVATION_BASE + reservation.id,
    };
    return {
      work: async () => {
        const result = resultOf(await this.send(p, cp, 'RESERVE_NOW', 'ReserveNow', payload), 'ReserveNow');
        const state = result.result === 'ACCEPTED' ? 'active' : 'refused';
        await repo.setReservationState(this.deps.db, reservation.id, state);
        return result;
      },
    };
  }

  private async cancelReservation(p: PartnerRow, body: CancelReservation) {
    const reservation = await repo.findReservation(this.deps.db, p.id, body.reservation_id);
    const known = reservation && (reservation.state === 'active' || reservation.state === 'sent');
    if (!reservation || !known)
      return {
        work: () =>
          Promise.resolve<CommandResult>({
            result: 'UNKNOWN_RESERVATION',
            message: say(`Reservation ${body.reservation_id} is not known`),
          }),
      };
    const cp = await repo.chargerOf(this.deps.db, reservation.chargePointId);
    if (!cp || !(await this.deps.chargers.isConnected(cp.chargePointId)))
      return rejected('The charger of the reservation is offline');
    const payload = { reservationId: ROAMING_RESERVATION_BASE + reservation.id };
    return {
      work: async () => {
        const sent = await this.send(p, cp, 'CANCEL_RESERVATION', 'CancelReservation', payload);
        const result = resultOf(sent, 'CancelReservation');
        if (result.result === 'ACCEPTED')
          await repo.setReservationState(this.deps.db, reservation.id, 'cancelled');
        return result;
      },
    };
  }

  private async unlockConnector(p: PartnerRow, body: UnlockConnector) {
    const at = await this.place(p, body, 'required');
    if ('response' in at) return at;
    const payload = { connectorId: at.connector!.connectorId };
    return {
      work: async () =>
        resultOf(
          await this.send(p, at.cp, 'UNLOCK_CONNECTOR', 'UnlockConnector', payload),
          'UnlockConnector',
        ),
    };
  }
}
