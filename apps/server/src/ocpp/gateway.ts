import type { Ocpp, Ocpp201, OcppProtocol, RawCallError } from '@voltline/contract';
import ocppRpc from 'ocpp-rpc';
import { AppError } from '../lib/errors.js';
import type { Metrics } from '../lib/metrics.js';

// ocpp-rpc is CommonJS: its classes are reached through the default export.
const { RPCError, TimeoutError } = ocppRpc;

/**
 * Commands Voltline sends to chargers (central system → charge point), in the network's command
 * language: 1.6's names and shapes, which each protocol adapter translates for its chargers (an
 * OCPP 2.0.1 charger gets RequestStartTransaction for RemoteStartTransaction), and the actions only
 * OCPP 2.0.1 has (the device model, network profiles), sent to 2.0.1 chargers as they are.
 */
export type OutboundAction = Ocpp16Action | V201OnlyAction;

/** Actions only OCPP 2.0.1 has: a 1.6 charger is told they are not supported. */
export type V201OnlyAction = Exclude<keyof Ocpp201.OcppRequests, keyof Ocpp.OcppRequests>;

type Ocpp16Action =
  | 'CancelReservation'
  | 'CertificateSigned'
  | 'ChangeAvailability'
  | 'ChangeConfiguration'
  | 'ClearCache'
  | 'ClearChargingProfile'
  | 'DataTransfer'
  | 'DeleteCertificate'
  | 'ExtendedTriggerMessage'
  | 'GetCompositeSchedule'
  | 'GetConfiguration'
  | 'GetDiagnostics'
  | 'GetInstalledCertificateIds'
  | 'GetLocalListVersion'
  | 'GetLog'
  | 'InstallCertificate'
  | 'RemoteStartTransaction'
  | 'RemoteStopTransaction'
  | 'ReserveNow'
  | 'Reset'
  | 'SendLocalList'
  | 'SetChargingProfile'
  | 'SignedUpdateFirmware'
  | 'TriggerMessage'
  | 'UnlockConnector'
  | 'UpdateFirmware';

export type Request<A extends OutboundAction> = A extends keyof Ocpp.OcppRequests
  ? Ocpp.OcppRequests[A]
  : A extends keyof Ocpp201.OcppRequests
    ? Ocpp201.OcppRequests[A]
    : never;
export type Response<A extends OutboundAction> = A extends keyof Ocpp.OcppResponses
  ? Ocpp.OcppResponses[A]
  : A extends keyof Ocpp201.OcppResponses
    ? Ocpp201.OcppResponses[A]
    : never;

/**
 * Sends an OCPP CALL to a charger wherever its socket is, and resolves with its answer. The local
 * implementation holds sockets in this process; a scale-out implementation forwards the call to the
 * process that holds the charger.
 */
export interface ChargerGateway {
  call<A extends OutboundAction>(
    chargePointId: string,
    action: A,
    payload: Request<A>,
    timeoutMs?: number,
  ): Promise<Response<A>>;
  /**
   * Sends one request of the charger's own OCPP version (`protocol`) as it is, never translated:
   * the raw command console. The charger's CALLERROR is an answer here; a charger that now speaks
   * another version is refused (`ocpp.notSupported`) before anything is sent.
   */
  callRaw(
    chargePointId: string,
    protocol: OcppProtocol,
    action: string,
    payload: Record<string, unknown>,
    timeoutMs?: number,
  ): Promise<RawReply>;
  /** Whether some Voltline process holds the charger's socket now. */
  isConnected(chargePointId: string): Promise<boolean>;
  /** Closes the charger's socket (e.g. when it is archived); it may not come back. */
  disconnect(chargePointId: string, reason: string): Promise<void>;
}

export interface CallTarget {
  call(method: string, params: unknown, options?: { callTimeoutMs?: number }): Promise<unknown>;
  close(options: { code?: number; reason?: string }): Promise<unknown>;
  /** The charger's socket in its own version, for raw calls: what goes in goes out unchanged. */
  raw?: {
    protocol: OcppProtocol;
    call(method: string, params: unknown, options?: { callTimeoutMs?: number }): Promise<unknown>;
  };
}

/** What a raw call came back with: the charger's reply, or its CALLERROR. */
export type RawReply = { reply: Record<string, unknown> } | { callError: RawCallError };

/** The errors a command can end in, as the API reports them. */
export function commandError(chargePointId: string, action: string, err: unknown): AppError {
  if (err instanceof AppError) return err;
  if (err instanceof TimeoutError || (err instanceof Error && /timed? ?out/i.test(err.message))) {
    return new AppError(409, 'ocpp.timeout', { chargePointId, action });
  }
  if (err instanceof RPCError) {
    return new AppError(409, 'ocpp.callError', {
      chargePointId,
      action,
      code: err.rpcErrorCode,
      description: err.rpcErrorMessage || err.message,
    });
  }
  return new AppError(409, 'ocpp.offline', { chargePointId });
}

/**
 * A command the charger's OCPP version has no meaning for (a 2.0.1-only action for a 1.6 charger,
 * a 1.6 command a 2.0.1 charger cannot express): refused before anything is sent.
 */
export function notSupported(chargePointId: string, action: string): AppError {
  return new AppError(409, 'ocpp.notSupported', { chargePointId, action });
}

/** A failed command's outcome, as the metrics count it. */
export function failureOutcome(error: AppError): 'timeout' | 'callError' | 'offline' {
  return error.key === 'ocpp.timeout' ? 'timeout' : error.key === 'ocpp.callError' ? 'callError' : 'offline';
}

/** The charger's own CALLERROR (not a time-out or a lost socket), as a raw call answers it. */
function chargerCallError(err: unknown): RawCallError | null {
  if (!(err instanceof RPCError)) return null;
  const e = err as InstanceType<typeof RPCError> & { details?: unknown };
  return {
    code: e.rpcErrorCode,
    // The charger's own words; the library's stock text of the code only when it gave none.
    description: e.message || e.rpcErrorMessage,
    ...(e.details === undefined || isEmpty(e.details) ? {} : { details: e.details }),
  };
}

const isEmpty = (v: unknown) => typeof v === 'object' && v !== null && Object.keys(v).length === 0;

/** Chargers connected to this process. */
export class LocalGateway implements ChargerGateway {
  readonly clients = new Map<string, CallTarget>();

  constructor(
    private readonly defaultTimeoutMs = 30_000,
    private readonly metrics?: Metrics,
  ) {}

  /** Whether this process holds the charger's socket. */
  has(chargePointId: string): boolean {
    return this.clients.has(chargePointId.toLowerCase());
  }

  isConnected(chargePointId: string): Promise<boolean> {
    return Promise.resolve(this.has(chargePointId));
  }

  async disconnect(chargePointId: string, reason: string) {
    await this.clients.get(chargePointId.toLowerCase())?.close({ code: 1000, reason });
  }

  async call<A extends OutboundAction>(
    chargePointId: string,
    action: A,
    payload: Request<A>,
    timeoutMs?: number,
  ): Promise<Response<A>> {
    const done = this.metrics?.command(action, 'local');
    const client = this.clients.get(chargePointId.toLowerCase());
    if (!client) {
      done?.('offline');
      throw new AppError(409, 'ocpp.offline', { chargePointId });
    }
    try {
      const answer = (await client.call(action, payload, {
        callTimeoutMs: timeoutMs ?? this.defaultTimeoutMs,
      })) as Response<A>;
      done?.('answered');
      return answer;
    } catch (err) {
      const error = commandError(chargePointId, action, err);
      done?.(failureOutcome(error));
      throw error;
    }
  }

  async callRaw(
    chargePointId: string,
    protocol: OcppProtocol,
    action: string,
    payload: Record<string, unknown>,
    timeoutMs?: number,
  ): Promise<RawReply> {
    const done = this.metrics?.command(action, 'local');
    const client = this.clients.get(chargePointId.toLowerCase());
    if (!client) {
      done?.('offline');
      throw new AppError(409, 'ocpp.offline', { chargePointId });
    }
    // The request was checked against this version's schema: a charger that reconnected speaking
    // another one is not sent it.
    if (client.raw?.protocol !== protocol) throw notSupported(chargePointId, action);
    try {
      const reply = await client.raw.call(action, payload, {
        callTimeoutMs: timeoutMs ?? this.defaultTimeoutMs,
      });
      done?.('answered');
      return { reply: reply as Record<string, unknown> };
    } catch (err) {
      const callError = chargerCallError(err);
      if (callError) {
        done?.('callError');
        return { callError };
      }
      const error = commandError(chargePointId, action, err);
      done?.(failureOutcome(error));
      throw error;
    }
  }
}
