/**
 * One client process of the connections benchmark (bench/connections.ts forks several, so that
 * no process holds more sockets than the open-file limit allows). It connects its share of the
 * chargers, boots them, then keeps them alive as idle chargers do: a Heartbeat every
 * `heartbeatSeconds` and a StatusNotification every `statusSeconds`, spread evenly over time.
 *
 * Talks to its parent over the IPC channel: `start` → `ramped`; `report` → `report`; `stop` → exit.
 */
import { BenchCharger, bootAvailable } from './chargers.js';
import { Latencies } from './stats.js';

export interface ClientStart {
  type: 'start';
  chargers: { id: string; url: string }[];
  password: string;
  /** Loopback source address of this process's sockets (each process its own: ~28k ports each). */
  localAddress: string;
  concurrency: number;
  heartbeatSeconds: number;
  statusSeconds: number;
  timeoutMs: number;
}

export interface ClientRamped {
  type: 'ramped';
  online: number;
  /** Refused or broken handshakes, by reason (an HTTP status, a socket error, a timeout). */
  handshakeFailures: Record<string, number>;
  /** Connected, but the boot (BootNotification, three StatusNotifications) failed. */
  bootFailures: Record<string, number>;
  rampMs: number;
}

export interface ClientReport {
  type: 'report';
  online: number;
  /** Sockets that closed after the ramp. */
  dropped: number;
  latencyMs: ReturnType<Latencies['summary']>;
  errors: number;
  /** Heartbeats or statuses not sent because the charger's previous CALL was still unanswered. */
  skipped: number;
}

export type ClientCommand = ClientStart | { type: 'report' } | { type: 'stop' };

const send = (message: ClientRamped | ClientReport | { type: 'ready' }) => process.send?.(message);

/** The reason of a failure, without the addresses and ports that make every message unique. */
function reasonOf(err: unknown): string {
  const message = err instanceof Error ? err.message : String(err);
  return message.replace(/\s*\d+\.\d+\.\d+\.\d+(:\d+)?/g, '').trim() || 'unknown';
}

const count = (into: Record<string, number>, key: string) => (into[key] = (into[key] ?? 0) + 1);

let chargers: BenchCharger[] = [];
let online: BenchCharger[] = [];
let latencies = new Latencies();
let skipped = 0;
let pump: NodeJS.Timeout | undefined;

async function start(o: ClientStart): Promise<void> {
  chargers = o.chargers.map((c) => new BenchCharger(c.id, (action, ms, ok) => latencies.add(action, ms, ok)));
  const handshakeFailures: Record<string, number> = {};
  const bootFailures: Record<string, number> = {};
  const t0 = performance.now();
  let next = 0;
  const worker = async () => {
    for (let i = next++; i < chargers.length; i = next++) {
      const c = chargers[i];
      const url = o.chargers[i]?.url;
      if (!c || !url) continue;
      try {
        await c.connect(url, o.password, o.timeoutMs, o.localAddress);
      } catch (err) {
        count(handshakeFailures, reasonOf(err));
        c.close();
        continue;
      }
      try {
        await bootAvailable(c);
      } catch (err) {
        count(bootFailures, reasonOf(err));
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(o.concurrency, chargers.length) }, worker));
  online = chargers.filter((c) => c.isOpen);
  send({
    type: 'ramped',
    online: online.length,
    handshakeFailures,
    bootFailures,
    rampMs: performance.now() - t0,
  });
  // Only the idle traffic is measured: the boot's answers are not.
  latencies = new Latencies();
  keepAlive(o);
}

/**
 * Every second, the chargers whose turn it is: charger i heartbeats in second i mod the interval
 * and reports a status in second (i × 7,919) mod the status interval, so both spread evenly.
 */
function keepAlive(o: ClientStart): void {
  const bucket = (seconds: number, spread: (i: number) => number) => {
    const buckets: BenchCharger[][] = Array.from({ length: seconds }, () => []);
    online.forEach((c, i) => buckets[spread(i) % seconds]?.push(c));
    return buckets;
  };
  const heartbeats = bucket(o.heartbeatSeconds, (i) => i);
  const statuses = bucket(o.statusSeconds, (i) => i * 7919);
  let second = 0;
  const call = (c: BenchCharger, action: string, payload: object) => {
    if (!c.isOpen) return;
    if (c.busy) {
      skipped++;
      return;
    }
    c.call(action, payload).catch(() => undefined);
  };
  // Statuses half a second after the heartbeats: a charger whose turn comes for both in one second
  // has its Heartbeat answered before its StatusNotification goes.
  pump = setInterval(() => {
    for (const c of heartbeats[second % o.heartbeatSeconds] ?? []) call(c, 'Heartbeat', {});
    const now = second++;
    setTimeout(() => {
      const timestamp = new Date().toISOString();
      for (const c of statuses[now % o.statusSeconds] ?? [])
        call(c, 'StatusNotification', {
          connectorId: 1 + (now % 2),
          status: 'Available',
          errorCode: 'NoError',
          timestamp,
        });
    }, 500);
  }, 1000);
}

process.on('message', (m: ClientCommand) => {
  if (m.type === 'start') {
    start(m).catch((err: unknown) => {
      console.error(err);
      process.exit(1);
    });
  } else if (m.type === 'report') {
    send({
      type: 'report',
      online: online.filter((c) => c.isOpen).length,
      dropped: online.filter((c) => !c.isOpen).length,
      latencyMs: latencies.summary(),
      errors: latencies.errors,
      skipped,
    });
  } else {
    clearInterval(pump);
    for (const c of chargers) c.close();
    process.exit(0);
  }
});
// The parent goes, so do we (no orphaned sockets holding the server's file descriptors).
process.on('disconnect', () => process.exit(0));
send({ type: 'ready' });
