import type { Ocpp201 } from '@voltline/contract';
import { Connection, type InboundHandler } from '../connection.js';
import type { ResolvedOptions } from '../options.js';

/** The station's socket: the 1.6 charger's connection, on subprotocol ocpp2.0.1 and its schemas. */
export function connect201(o: ResolvedOptions, inbound: InboundHandler): Connection {
  return new Connection(
    {
      url: o.url,
      id: o.id,
      password: o.password,
      basicAuthUser: o.basicAuthUser,
      callTimeoutMs: o.callTimeoutMs,
      pingIntervalMs: o.pingIntervalMs,
      tls: o.tls,
      basicAuth: (o.securityProfile ?? 1) < 3,
      protocol: 'ocpp2.0.1',
    },
    inbound,
  );
}

/**
 * `resendStartOnReconnect`: the answer to a Started TransactionEvent is lost once with the connection
 * (for every start, or a share of them). The station reconnects and sends the very same event (same
 * seqNo) again (E12), and the CSMS has to recognise the repeat.
 */
export class LostAnswers {
  private readonly lost = new WeakSet<object>();

  constructor(private readonly o: ResolvedOptions) {}

  /** Whether this answer is lost; each event at most once. */
  loses(action: string, payload: object): boolean {
    const share = this.o.resendStartOnReconnect;
    const started =
      action === 'TransactionEvent' && (payload as Ocpp201.TransactionEventRequest).eventType === 'Started';
    if (!started || share <= 0 || this.lost.has(payload)) return false;
    if (share < 1 && this.o.random() >= share) return false;
    this.lost.add(payload);
    return true;
  }
}
