import type { Ocpp } from '@voltline/contract';
import ocppRpc from 'ocpp-rpc';
import { AppError } from '../lib/errors.js';
import type { Metrics } from '../lib/metrics.js';

// ocpp-rpc is CommonJS: its classes are reached through the default export.
const { RPCError, TimeoutError } = ocppRpc;

/** Commands Voltline sends to chargers (central system → charge point). */
export type OutboundAction =
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

export type Request<A extends OutboundAction> = Ocpp.OcppRequests[A];
export type Response<A extends OutboundAction> = Ocpp.OcppResponses[A];

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
  /** Whether some Voltline process holds the charger's socket now. */
  isConnected(chargePointId: string): Promise<boolean>;
  /** Closes the charger's socket (e.g. when it is archived); it may not come back. */
  disconnect(chargePointId: string, reason: string): Promise<void>;
}

export interface CallTarget {
  call(method: string, params: unknown, options?: { callTimeoutMs?: number }): Promise<unknown>;
  close(options: { code?: number; reason?: string }): Promise<unknown>;
}

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

/** A failed command's outcome, as the metrics count it. */
export function failureOutcome(error: AppError): 'timeout' | 'callError' | 'offline' {
  return error.key === 'ocpp.timeout' ? 'timeout' : error.key === 'ocpp.callError' ? 'callError' : 'offline';
}

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
}
