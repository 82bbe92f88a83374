import type { Metrics } from '../lib/metrics.js';
import { rpcError } from './rpc-error.js';

/** What one charger's connection may send (config: OCPP_MAX_FRAME_BYTES and the two below). */
export interface OcppLimits {
  /** The largest frame read; a larger one closes the connection with 1009 (Message Too Big). */
  maxFrameBytes: number;
  /** CALLs of one charger being handled at once; a further one is refused straight away. */
  maxPendingCalls: number;
  /** Refused CALLs within a minute after which the connection is closed with 1008 (Policy Violation). */
  floodCloseAfter: number;
}

export const DEFAULT_OCPP_LIMITS: OcppLimits = {
  maxFrameBytes: 65_536,
  maxPendingCalls: 10,
  floodCloseAfter: 100,
};

export const CLOSE_FRAME_TOO_LARGE = 1009;
export const CLOSE_FLOOD = 1008;
export const FLOOD_REASON = 'Too many concurrent CALLs';

/**
 * OCPP-J lets a charger have one CALL in flight. Voltline allows a few (some chargers send their
 * StatusNotifications together) and refuses the rest at once, before any handler or database work,
 * so one charger sending thousands of CALLs together neither grows memory nor slows the others.
 * A charger that keeps doing so is disconnected.
 */
export class CallGate {
  private pending = 0;
  private refused = 0;
  private windowStart = 0;

  constructor(
    private readonly limits: Pick<OcppLimits, 'maxPendingCalls' | 'floodCloseAfter'>,
    private readonly now: () => number = Date.now,
  ) {}

  /** Whether the connection has refused so many CALLs within a minute that it is to be closed. */
  get flooding(): boolean {
    return this.refused > this.limits.floodCloseAfter;
  }

  /** Refused CALLs in the current minute. */
  get refusedCount(): number {
    return this.refused;
  }

  /**
   * Runs a CALL's handling if fewer than the bound are running; otherwise throws the CALLERROR
   * the charger gets instead (GenericError: OCPP-J 1.6 has no code for "busy").
   */
  async run<T>(handle: () => Promise<T>, onRefused?: () => void): Promise<T> {
    if (this.pending >= this.limits.maxPendingCalls) {
      const t = this.now();
      if (t - this.windowStart > 60_000) {
        this.windowStart = t;
        this.refused = 0;
      }
      this.refused++;
      onRefused?.();
      throw rpcError(
        'GenericError',
        `Busy: ${this.limits.maxPendingCalls} CALLs of this charger are in progress; OCPP-J allows one at a time`,
      );
    }
    this.pending++;
    try {
      return await handle();
    } finally {
      this.pending--;
    }
  }
}

/** The parts of an ocpp-rpc connection the limits use. */
interface LimitedClient {
  on(event: 'socketError', listener: (err: Error & { code?: string }) => void): unknown;
  close(opts: { code: number; reason: string }): Promise<unknown>;
}

interface LimitHooks {
  metrics?: Pick<Metrics, 'ocppLimitCloses' | 'ocppCallsRefused'>;
  /** A line in the charger's message log saying what was refused. */
  note: (payload: Record<string, unknown>) => void;
  warn: (payload: Record<string, unknown>, text: string) => void;
}

/**
 * The limits of one connection: a frame over the bound (ws closes with 1009 and reports it here)
 * and CALLs over the bound of concurrent ones (refused; the connection closed when it keeps on).
 */
export function limitConnection(client: LimitedClient, limits: OcppLimits, hooks: LimitHooks) {
  const gate = new CallGate(limits);
  let closing = false;
  client.on('socketError', (err) => {
    if (err.code !== 'WS_ERR_UNSUPPORTED_MESSAGE_LENGTH') return;
    hooks.metrics?.ocppLimitCloses.inc({ reason: 'frameTooLarge' });
    hooks.note({ closed: CLOSE_FRAME_TOO_LARGE, refused: `Frame larger than ${limits.maxFrameBytes} bytes` });
    hooks.warn({ maxFrameBytes: limits.maxFrameBytes }, 'OCPP frame too large: connection closed');
  });
  return {
    /** Whether the connection is being closed for flooding. */
    get closing() {
      return closing;
    },
    run<T>(handle: () => Promise<T>): Promise<T> {
      return gate.run(handle, () => {
        hooks.metrics?.ocppCallsRefused.inc();
        if (!gate.flooding || closing) return;
        closing = true;
        hooks.metrics?.ocppLimitCloses.inc({ reason: 'callFlood' });
        hooks.note({ closed: CLOSE_FLOOD, refused: FLOOD_REASON, refusedCalls: gate.refusedCount });
        hooks.warn({ refusedCalls: gate.refusedCount }, 'OCPP CALL flood: connection closed');
        void client.close({ code: CLOSE_FLOOD, reason: FLOOD_REASON });
      });
    },
  };
}
