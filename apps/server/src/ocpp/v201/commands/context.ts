import type { Ocpp, Ocpp201 } from '@voltline/contract';
import type { OutboundAction, V201OnlyAction } from '../../gateway.js';

/** The network's command language: OCPP 1.6's actions, which a 2.0.1 charger gets translated. */
export type CommandAction = Exclude<OutboundAction, V201OnlyAction>;

/** What Voltline knows of a 2.0.1 charger's transactions, kept under its own ids. */
export interface V201Lookups {
  /** The charger's transaction id of a Voltline session on this charger, null if it has none. */
  chargerTransactionId(chargePointDbId: number, sessionId: number): Promise<string | null>;
  /** The Voltline session the charger's transaction id names on this charger, null if none. */
  sessionIdOf(chargePointDbId: number, chargerTransactionId: string): Promise<number | null>;
}

/**
 * What a translation reads beside the command: the charger, its transactions, a fresh id for a
 * request the charger reports back on (remoteStartId, requestId), and the 2.0.1 CALL itself.
 */
export interface V201Context {
  charger: { id: number; chargePointId: string };
  lookups: V201Lookups;
  /** Voltline's OCPP endpoint as a NetworkConnectionProfile names it (no identity), for a security profile. */
  csmsUrl(securityProfile: number): string;
  freshId(): number;
  call<A extends keyof Ocpp201.OcppRequests>(
    action: A,
    payload: Ocpp201.OcppRequests[A],
  ): Promise<Ocpp201.OcppResponses[A]>;
}

/**
 * Fields an answer may carry beside 1.6's: what the 2.0.1 charger said where 1.6 has no word for
 * it (`chargerStatus`: Scheduled, OngoingAuthorizedTransaction), and the ids the charger will
 * report back with (remoteStartId, its transactionId, requestId).
 */
export interface AnswerExtras {
  chargerStatus?: string;
  remoteStartId?: number;
  transactionId?: string;
  requestId?: number;
  status?: string;
  /** Of a request made in steps (A05): the step the charger refused. */
  refusedAt?: 'networkProfile' | 'priority' | 'reset';
  /** Accepted, and in force only once the charger reconnects (A05: after its reset). */
  appliesOnReconnect?: boolean;
}

/** A command's answer in the command language (1.6's shape) with the extras. */
export type CommandAnswer<A extends CommandAction> =
  Ocpp.OcppResponses[A] extends Record<string, never> ? AnswerExtras : Ocpp.OcppResponses[A] & AnswerExtras;

/** One command's translation: it calls the charger through the context, or answers without calling. */
export type Translation<A extends CommandAction> = (
  payload: Ocpp.OcppRequests[A],
  ctx: V201Context,
) => Promise<CommandAnswer<A>>;

export type Translations = { [A in CommandAction]: Translation<A> };

/** How Voltline names a token it sends a 2.0.1 charger: its RFID cards' UIDs. */
export function idToken(value: string): Ocpp201.RequestStartTransactionRequest['idToken'] {
  return { idToken: value, type: 'ISO14443' };
}

/**
 * A card group (1.6's parent idTag) as a 2.0.1 group token: Voltline's own word, so Central, the
 * same token Authorize and TransactionEvent answers name (C09 compares the group tokens).
 */
export function groupToken(value: string): Ocpp201.RequestStartTransactionRequest['idToken'] {
  return { idToken: value, type: 'Central' };
}

/** Copies the optional fields that are set, so a request carries no `undefined` members. */
export function defined<T extends Record<string, unknown>>(fields: T): Partial<T> {
  return Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined)) as Partial<T>;
}
