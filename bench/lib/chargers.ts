import WebSocket from 'ws';
import { DIALECTS, type OcppVersion } from './dialects.js';

type Pending = { action: string; sentAt: number; resolve: (v: unknown) => void; reject: (e: Error) => void };

/**
 * A bare OCPP 1.6J or 2.0.1 charger (the version is only its subprotocol here; what it says is
 * its dialect's, dialects.ts): one WebSocket, one CALL in flight at a time, response time taken
 * at the client. It is deliberately lean (no schema validation, no scheduler) so that on a
 * shared 2-core machine the client takes as little CPU from the server as it can.
 */
export class BenchCharger {
  transactionId: number | undefined;
  busy = false;
  private ws: WebSocket | undefined;
  private seq = 0;
  private readonly pending = new Map<string, Pending>();

  constructor(
    readonly id: string,
    private readonly onAnswer: (action: string, ms: number, ok: boolean) => void,
    readonly version: OcppVersion = '1.6',
  ) {}

  /** `localAddress`: the loopback source address (127.0.0.2, …) when one has too few ports left. */
  connect(url: string, password: string, timeoutMs: number, localAddress?: string): Promise<void> {
    const auth = Buffer.from(`${this.id}:${password}`).toString('base64');
    const ws = new WebSocket(`${url}/${this.id}`, [DIALECTS[this.version].subprotocol], {
      headers: { authorization: `Basic ${auth}` },
      handshakeTimeout: timeoutMs,
      perMessageDeflate: false,
      localAddress,
    });
    this.ws = ws;
    ws.on('message', (data: Buffer) => this.onFrame(data));
    ws.on('close', () => {
      for (const p of this.pending.values()) p.reject(new Error('closed'));
      this.pending.clear();
    });
    return new Promise((resolve, reject) => {
      ws.once('open', () => resolve());
      ws.once('unexpected-response', (_req, res) => reject(new Error(`HTTP ${res.statusCode}`)));
      ws.once('error', reject);
    });
  }

  get isOpen(): boolean {
    return this.ws?.readyState === WebSocket.OPEN;
  }

  call(action: string, payload: object, timeoutMs = 30_000): Promise<unknown> {
    const ws = this.ws;
    if (!ws || ws.readyState !== WebSocket.OPEN) return Promise.reject(new Error('not connected'));
    // The send time (µs since the epoch) rides in the message id: the server's message log stores
    // when it read the frame, so the delay between sending and reading can be taken afterwards.
    const id = `${++this.seq}-${Math.round((performance.timeOrigin + performance.now()) * 1000)}`;
    this.busy = true;
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        this.busy = false;
        this.onAnswer(action, timeoutMs, false);
        reject(new Error(`${action} timed out`));
      }, timeoutMs);
      this.pending.set(id, {
        action,
        sentAt: performance.now(),
        resolve: (v) => {
          clearTimeout(timer);
          resolve(v);
        },
        reject: (e) => {
          clearTimeout(timer);
          reject(e);
        },
      });
      ws.send(JSON.stringify([2, id, action, payload]));
    });
  }

  close(): void {
    this.ws?.terminate();
  }

  private onFrame(data: Buffer): void {
    const frame = JSON.parse(data.toString()) as unknown[];
    const [type, id] = frame as [number, string];
    if (type === 2) {
      // The central system calls us (it does not in this benchmark): refuse politely.
      this.ws?.send(JSON.stringify([4, id, 'NotImplemented', '', {}]));
      return;
    }
    const p = this.pending.get(id);
    if (!p) return;
    this.pending.delete(id);
    this.busy = false;
    const ms = performance.now() - p.sentAt;
    if (type === 3) {
      this.onAnswer(p.action, ms, true);
      p.resolve(frame[2]);
    } else {
      this.onAnswer(p.action, ms, false);
      p.reject(new Error(`${p.action}: CALLERROR ${String(frame[2])} ${String(frame[3])}`));
    }
  }
}

const now = () => new Date().toISOString();

/** The real mix's boot: BootNotification and the status of the charger and its two connectors. */
export async function bootAvailable(c: BenchCharger): Promise<void> {
  const dialect = DIALECTS[c.version];
  const [action, payload] = dialect.boot(`SN-${c.id}`);
  await c.call(action, payload());
  for (const connectorId of [0, 1, 2]) {
    const status = dialect.status(connectorId, 'Available', true);
    if (status) await c.call(status[0], status[1]());
  }
}

/** What a charger says after connecting: boot, its connectors' status, and a running transaction. */
export async function bootCharger(c: BenchCharger, n: number): Promise<void> {
  await c.call('BootNotification', {
    chargePointVendor: 'Voltline',
    chargePointModel: 'Bench 22',
    chargePointSerialNumber: `SN-${c.id}`,
    firmwareVersion: '1.0.0',
  });
  await c.call('StatusNotification', {
    connectorId: 0,
    status: 'Available',
    errorCode: 'NoError',
    timestamp: now(),
  });
  const start = (await c.call('StartTransaction', {
    connectorId: 1,
    idTag: `BENCH${n}`,
    meterStart: 1_000_000,
    timestamp: now(),
  })) as { transactionId: number };
  c.transactionId = start.transactionId;
  await c.call('StatusNotification', {
    connectorId: 1,
    status: 'Charging',
    errorCode: 'NoError',
    timestamp: now(),
  });
}

/**
 * One message of the steady mix: 60 % MeterValues (energy, power and SoC of the running
 * transaction, three rows each), 20 % StatusNotification, 20 % Heartbeat.
 */
export function mixedMessage(c: BenchCharger, pick: number, tick: number): [string, object] {
  if (pick < 0.6) {
    return [
      'MeterValues',
      {
        connectorId: 1,
        transactionId: c.transactionId,
        meterValue: [
          {
            timestamp: now(),
            sampledValue: [
              { value: String(1_000_000 + tick), measurand: 'Energy.Active.Import.Register', unit: 'Wh' },
              { value: '11000', measurand: 'Power.Active.Import', unit: 'W' },
              { value: String(20 + (tick % 80)), measurand: 'SoC', unit: 'Percent', location: 'EV' },
            ],
          },
        ],
      },
    ];
  }
  if (pick < 0.8) {
    return [
      'StatusNotification',
      {
        connectorId: 2,
        status: tick % 2 === 0 ? 'Preparing' : 'Available',
        errorCode: 'NoError',
        timestamp: now(),
      },
    ];
  }
  return ['Heartbeat', {}];
}
