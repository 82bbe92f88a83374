import type { BenchCharger } from './chargers.js';
import { benchCard } from './database.js';
import { DIALECTS, type Dialect, type DialectSession, type Message, type Sample } from './dialects.js';

/**
 * The real mix: every connector of every charger runs charging sessions one after another, as a
 * car park does. A session: StatusNotification Preparing → Authorize (a card of thousands; a few
 * unknown or blocked ones are refused, and the connector goes back to Available) →
 * StartTransaction → StatusNotification Charging → MeterValues every interval with 3–5 measurands
 * → StopTransaction with its transaction data → StatusNotification Finishing, then Available.
 * Each charger sends a Heartbeat at its interval, and now and then one drops its socket,
 * reconnects and boots again; what it had to send meanwhile is sent after the boot (a transaction
 * message whose answer was lost is sent again, as chargers do). One CALL in flight per charger.
 * That is OCPP 1.6; a 2.0.1 charger lives the same life in its own words (dialects.ts): Occupied,
 * Authorize, TransactionEvent Started, Updated per meter value, Ended, then Available.
 */
export interface RealMixOptions {
  /** Messages per second the fleet should send overall; sets the meter interval. */
  rate: number;
  cards: number;
  heartbeatSeconds: number;
  /** Reconnects per charger per hour. */
  reconnectsPerHour: number;
  /** Share of plug-ins with a card Voltline does not know. */
  unknownShare: number;
  /** Every n-th bench card is blocked (registerCards). */
  blockedEvery: number;
  /** Every connector plugs in at the start instead of the fleet starting in its steady state. */
  burst: boolean;
}

/** MeterValues per session: uniform in this range. */
const METERS = [6, 18] as const;
const MEAN_METERS = (METERS[0] + METERS[1]) / 2;
const MEASURANDS = [
  ['Energy.Active.Import.Register', 'Wh'],
  ['Power.Active.Import', 'W'],
  ['SoC', 'Percent'],
  ['Current.Import', 'A'],
  ['Voltage', 'V'],
] as const;

type Answer = Record<string, unknown>;
interface Outgoing {
  action: string;
  payload: () => object;
  resolve: (a: Answer) => void;
  reject: (e: Error) => void;
}

const uniform = (a: number, b: number) => a + Math.random() * (b - a);

export class RealFleet {
  /** The meter interval, s, that gives the offered rate (each session takes 0.7–1.3 of it). */
  readonly meterSeconds: number;
  readonly counts = {
    sessionsStarted: 0,
    sessionsStopped: 0,
    refusedAtAuthorize: 0,
    refusedAtStart: 0,
    reconnects: 0,
    resent: 0,
    failedCalls: 0,
  };
  readonly chargers: RealCharger[] = [];
  stopped = false;
  /** Set at the end: nothing more is sent, so what the chargers believe can be set beside the database. */
  quiet = false;
  private readonly cardsInUse = new Set<number>();

  constructor(
    readonly o: RealMixOptions,
    clients: BenchCharger[],
    /** Where each charger connects (its process, when several run). */
    readonly url: (chargerId: string) => string,
    readonly password: string,
  ) {
    const c = clients.length;
    // Per connector a cycle of (N + extra) messages over (N + 2) intervals (N meter values, and an
    // idle time of about two intervals between sessions); two connectors per charger; heartbeats.
    // The extra messages (7 in 1.6, 5 in 2.0.1) averaged over the fleet's versions.
    const extra = clients.reduce((sum, k) => sum + DIALECTS[k.version].sessionExtra, 0) / Math.max(1, c);
    const perConnector = (o.rate - c / o.heartbeatSeconds) / (2 * c);
    this.meterSeconds = Math.max(
      0.05,
      (MEAN_METERS + extra) / ((MEAN_METERS + 2) * Math.max(perConnector, 1e-6)),
    );
    for (const client of clients) this.chargers.push(new RealCharger(this, client));
  }

  /** The connectors' sessions as the ramp leaves them: some charging already, most idle (or all plugging in: `burst`). */
  async begin(concurrency: number): Promise<void> {
    let next = 0;
    const worker = async () => {
      for (let i = next++; i < this.chargers.length; i = next++) await this.chargers[i]?.begin();
    };
    await Promise.all(Array.from({ length: Math.min(concurrency, this.chargers.length) }, worker));
  }

  start(): void {
    for (const c of this.chargers) c.run();
  }

  stop(): void {
    this.stopped = true;
  }

  /** A card nobody of the fleet holds now (or an unknown one, by `unknownShare`). */
  takeCard(): { idTag: string; card?: number } {
    if (Math.random() < this.o.unknownShare)
      return { idTag: `BX${Math.floor(Math.random() * 1e6).toString(36)}` };
    for (;;) {
      const card = 1 + Math.floor(Math.random() * this.o.cards);
      if (this.cardsInUse.has(card)) continue;
      this.cardsInUse.add(card);
      return { idTag: benchCard(card), card };
    }
  }

  giveBack(card: number | undefined): void {
    if (card !== undefined) this.cardsInUse.delete(card);
  }

  /** Connectors whose session the chargers believe is running and accepted. */
  activeSessions(): number {
    return this.chargers.reduce((s, c) => s + c.connectors.filter((k) => k.accepted).length, 0);
  }
}

interface ConnectorState extends DialectSession {
  id: 1 | 2;
  accepted: boolean;
  card?: number;
  energyWh: number;
  metersLeft: number;
  measurands: number;
  soc: number;
  powerW: number;
  interval: number;
}

class RealCharger {
  readonly connectors: ConnectorState[];
  private readonly dialect: Dialect;
  private readonly queue: Outgoing[] = [];
  private sending = false;
  private online = true;
  private meter = 1_000_000 + Math.floor(Math.random() * 1e6);

  constructor(
    private readonly fleet: RealFleet,
    readonly client: BenchCharger,
  ) {
    this.dialect = DIALECTS[client.version];
    this.connectors = ([1, 2] as const).map((id) => ({
      id,
      accepted: false,
      idTag: '',
      energyWh: 0,
      meterStart: 0,
      metersLeft: 0,
      measurands: 3,
      soc: 0,
      powerW: 0,
      interval: fleet.meterSeconds,
      startedAt: 0,
      seqNo: 0,
    }));
  }

  /** Sends in order, one in flight; a CALL whose answer a dropped socket lost is sent again. */
  send([action, payload]: Message, first = false): Promise<Answer> {
    return new Promise((resolve, reject) => {
      const item = { action, payload, resolve, reject };
      if (first) this.queue.unshift(item);
      else this.queue.push(item);
      void this.pump();
    });
  }

  private async pump() {
    if (this.sending) return;
    this.sending = true;
    try {
      while (this.queue.length > 0 && this.online && this.client.isOpen && !this.fleet.quiet) {
        const item = this.queue[0];
        if (!item) break;
        try {
          const answer = (await this.client.call(item.action, item.payload())) as Answer;
          this.queue.shift();
          item.resolve(answer);
        } catch (err) {
          const message = err instanceof Error ? err.message : String(err);
          if (message === 'closed' || message === 'not connected') {
            // Sent again after the reconnect, as chargers queue transaction messages.
            this.fleet.counts.resent++;
            break;
          }
          this.queue.shift();
          this.fleet.counts.failedCalls++;
          item.reject(err instanceof Error ? err : new Error(message));
        }
      }
    } finally {
      this.sending = false;
      this.client.busy = false;
    }
  }

  async begin(): Promise<void> {
    const f = this.fleet;
    for (const k of this.connectors) {
      if (f.o.burst) continue;
      // The steady state: a connector is in a session for about N of every N + 2 intervals.
      if (Math.random() < MEAN_METERS / (MEAN_METERS + 2)) {
        await this.plugIn(k);
        if (k.accepted) k.metersLeft = 1 + Math.floor(Math.random() * (METERS[1] - 1));
      }
    }
  }

  run(): void {
    const f = this.fleet;
    for (const k of this.connectors) {
      if (k.accepted) this.later(uniform(0, k.interval), () => this.meterOrStop(k));
      else this.later(f.o.burst ? uniform(0, 1) : uniform(0, 2 * f.meterSeconds), () => this.session(k));
    }
    this.later(uniform(0, f.o.heartbeatSeconds), () => this.heartbeat());
    if (f.o.reconnectsPerHour > 0) this.later(this.nextReconnect(), () => this.reconnect());
  }

  private later(seconds: number, job: () => Promise<void> | void) {
    setTimeout(() => {
      if (this.fleet.stopped) return;
      void Promise.resolve()
        .then(job)
        .catch(() => undefined);
    }, seconds * 1000);
  }

  /** A status in 1.6 words; nothing where a 2.0.1 station has no change to report. */
  private async status(connectorId: number, status: string): Promise<void> {
    const message = this.dialect.status(connectorId, status);
    if (message) await this.send(message);
  }

  /** Preparing, Authorize, and when accepted StartTransaction and Charging. */
  private async plugIn(k: ConnectorState): Promise<void> {
    const f = this.fleet;
    const { idTag, card } = f.takeCard();
    k.idTag = idTag;
    k.card = card;
    await this.status(k.id, 'Preparing');
    const auth = await this.send(this.dialect.authorize(idTag));
    const verdict = (auth.idTagInfo ?? auth.idTokenInfo) as { status?: string } | undefined;
    if (verdict?.status !== 'Accepted') {
      f.counts.refusedAtAuthorize++;
      f.giveBack(card);
      await this.status(k.id, 'Available');
      return;
    }
    k.meterStart = this.meter;
    k.energyWh = 0;
    k.startedAt = Date.now();
    k.measurands = 3 + Math.floor(Math.random() * 3);
    k.soc = 10 + Math.floor(Math.random() * 50);
    k.powerW = [3_700, 7_400, 11_000, 22_000][Math.floor(Math.random() * 4)] ?? 11_000;
    k.interval = f.meterSeconds * uniform(0.7, 1.3);
    k.metersLeft = METERS[0] + Math.floor(Math.random() * (METERS[1] - METERS[0] + 1));
    const start = await this.send(this.dialect.start(k.id, k));
    const isAccepted = this.dialect.started(k, start);
    // Running from the answer on, as the database has it (the Charging status may still wait).
    if (isAccepted) {
      k.accepted = true;
      f.counts.sessionsStarted++;
    }
    await this.status(k.id, 'Charging');
    if (!isAccepted) {
      // Refused at the start (e.g. the card is busy elsewhere): the charger stops at once.
      f.counts.refusedAtStart++;
      await this.stopSession(k, 'DeAuthorized');
    }
  }

  private async session(k: ConnectorState): Promise<void> {
    try {
      await this.plugIn(k);
    } catch {
      // A CALL timed out or was refused: the connector starts over a little later.
      this.fleet.giveBack(k.card);
      k.accepted = false;
    }
    if (k.accepted) this.later(k.interval, () => this.meterOrStop(k));
    else this.later(uniform(1, 3) * this.fleet.meterSeconds, () => this.session(k));
  }

  private async meterOrStop(k: ConnectorState): Promise<void> {
    if (k.metersLeft <= 0) {
      await this.stopSession(k, 'EVDisconnected').catch(() => undefined);
      this.later(uniform(1, 3) * this.fleet.meterSeconds, () => this.session(k));
      return;
    }
    k.metersLeft--;
    const wh = Math.round((k.powerW * k.interval) / 3600);
    k.energyWh += wh;
    this.meter += wh;
    k.soc = Math.min(100, k.soc + wh / 600);
    const register = k.meterStart + k.energyWh;
    await this.send(this.dialect.meter(k.id, k, this.sample(k, register))).catch(() => undefined);
    this.later(k.interval, () => this.meterOrStop(k));
  }

  private sample(k: ConnectorState, register: number): Sample[] {
    const values: Record<string, number> = {
      'Energy.Active.Import.Register': register,
      'Power.Active.Import': k.powerW + Math.round(uniform(-200, 200)),
      SoC: Math.round(k.soc),
      'Current.Import': Math.round((k.powerW / 690) * 10) / 10,
      Voltage: Math.round(uniform(228, 232) * 10) / 10,
    };
    return MEASURANDS.slice(0, k.measurands).map(([measurand, unit]) => ({
      value: values[measurand] ?? 0,
      measurand,
      unit,
      ...(measurand === 'SoC' ? { location: 'EV' } : {}),
    }));
  }

  private async stopSession(k: ConnectorState, reason: string): Promise<void> {
    const f = this.fleet;
    await this.send(this.dialect.stop(k.id, k, k.meterStart + k.energyWh, reason));
    if (k.accepted) f.counts.sessionsStopped++;
    k.accepted = false;
    k.transactionId = undefined;
    f.giveBack(k.card);
    k.card = undefined;
    await this.status(k.id, 'Finishing');
    await this.status(k.id, 'Available');
  }

  private async heartbeat(): Promise<void> {
    this.later(this.fleet.o.heartbeatSeconds, () => this.heartbeat());
    await this.send(['Heartbeat', () => ({})]);
  }

  private nextReconnect(): number {
    // Exponential gaps: a Poisson process of `reconnectsPerHour` per charger.
    return (-Math.log(1 - Math.random()) * 3600) / this.fleet.o.reconnectsPerHour;
  }

  /** Drops the socket, reconnects a moment later, boots, reports its connectors; the queue follows. */
  private async reconnect(): Promise<void> {
    const f = this.fleet;
    this.later(this.nextReconnect(), () => this.reconnect());
    this.online = false;
    this.client.close();
    f.counts.reconnects++;
    await new Promise((r) => setTimeout(r, uniform(1000, 3000)));
    if (f.stopped) return;
    try {
      await this.client.connect(f.url(this.client.id), f.password, 30_000);
    } catch {
      this.online = true;
      this.later(5, () => this.reconnect());
      return;
    }
    this.client.busy = false;
    const d = this.dialect;
    const statuses = [
      d.status(0, 'Available', true),
      ...this.connectors.map((k) => d.status(k.id, k.accepted ? 'Charging' : 'Available', true)),
    ];
    const first = [d.boot(`SN-${this.client.id}`), ...statuses.filter((m) => m !== undefined)];
    // In front of what waited: boot first, then the statuses, then the queued messages.
    for (const message of first.reverse()) void this.send(message, true).catch(() => undefined);
    this.online = true;
    void this.pump();
  }
}
