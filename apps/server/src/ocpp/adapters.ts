import type { Handler } from './context.js';
import type { OcppProtocol } from './handshake.js';
import * as v16 from './v16/handlers.js';
import * as v201 from './v201/handlers.js';

/**
 * What differs between OCPP versions at a connection: which handlers its CALLs reach, which of them
 * run in order, and what it may send before its registration is accepted. Everything behind the
 * handlers is one protocol-neutral domain.
 */
export interface ProtocolAdapter {
  handlers: Record<string, Handler<never, unknown>>;
  ordered: ReadonlySet<string>;
  /** Set: a charger not yet accepted may send only these (the rest is a SecurityError). */
  beforeAcceptance?: ReadonlySet<string>;
  /** A CALLERROR frame with its code spelt as this version's OCPP-J does. */
  callError(frame: string): string;
}

/**
 * ocpp-rpc's own refusals use a mix of spellings: a frame that is not a well-formed CALL (or
 * reuses a running CALL's id) is RpcFrameworkError, an unknown message type MessageTypeNotSupported
 * (OCPP-J 1.6 calls them FormationViolation and ProtocolError; the library itself respells the
 * rest for 1.6 as its errata say), and a schema's missing field is OccurenceConstraintViolation,
 * which OCPP-J 2.0.1 spells OccurrenceConstraintViolation.
 */
const OCPP16_CODES: Record<string, string> = {
  RpcFrameworkError: 'FormationViolation',
  MessageTypeNotSupported: 'ProtocolError',
};
const OCPP201_CODES: Record<string, string> = {
  OccurenceConstraintViolation: 'OccurrenceConstraintViolation',
  FormationViolation: 'FormatViolation',
};

function recode(codes: Record<string, string>) {
  return (message: string): string => {
    const frame = JSON.parse(message) as unknown[];
    const code = frame[2];
    if (typeof code !== 'string' || !(code in codes)) return message;
    frame[2] = codes[code];
    return JSON.stringify(frame);
  };
}

export const ADAPTERS: Record<OcppProtocol, ProtocolAdapter> = {
  'ocpp1.6': { handlers: v16.handlers, ordered: v16.ordered, callError: recode(OCPP16_CODES) },
  'ocpp2.0.1': {
    handlers: v201.handlers,
    ordered: v201.ordered,
    beforeAcceptance: v201.beforeAcceptance,
    callError: recode(OCPP201_CODES),
  },
};
