import { CardPool } from './card-pool.js';
import { SimCharger } from './charger.js';
import type { SimChargerOptions } from './options.js';
import { SimCharger201 } from './v201/charger.js';

export interface FleetOptions extends Omit<SimChargerOptions, 'id' | 'password' | 'serial'> {
  /** How many chargers. */
  count: number;
  /** Id prefix; ids are `${prefix}0001`, `${prefix}0002`, ... Default "SIM-". */
  prefix?: string;
  /** Number of the first charger. Default 1. */
  startIndex?: number;
  /** One password for all, a map id → password, or a function. */
  passwords?: string | Record<string, string> | ((id: string) => string | undefined);
  /** Chargers connecting at the same time (a central system under a connect storm is another test). */
  connectConcurrency?: number;
  /**
   * Share (0..1) of the fleet that speaks OCPP 2.0.1, the rest 1.6J. Which chargers are 2.0.1 follows
   * from their place in the fleet alone (spread evenly, see `speaksOcpp201`), so a run is repeatable.
   * Default: 1 with `ocpp: '2.0.1'`, else 0.
   */
  ocppMix?: number;
  /** Called with each charger before it connects (to listen to its events from its first message). */
  onCharger?: (charger: SimCharger) => void;
  /** The same for the fleet's OCPP 2.0.1 stations. */
  onCharger201?: (charger: SimCharger201) => void;
}

export interface FleetStats {
  chargers: number;
  connected: number;
  /** Connected with BootNotification accepted. */
  online: number;
  /** Connectors with a running transaction. */
  charging: number;
  /** Of those, transactions the central system refused that the charger keeps open (StopTransactionOnInvalidId false). */
  refused: number;
  faulted: number;
  messagesSent: number;
  messagesReceived: number;
  /** Transaction messages waiting for a connection. */
  queued: number;
}

export function chargerId(prefix: string, n: number): string {
  return `${prefix}${String(n).padStart(4, '0')}`;
}

/**
 * Whether the charger at `index` (0-based) of a fleet with this 2.0.1 share speaks 2.0.1: the
 * running count of 2.0.1 chargers steps up at the indexes where `share × n` crosses a whole number,
 * so any prefix of the fleet holds its share (0.5: every second charger; 0.25: every fourth).
 */
export function speaksOcpp201(index: number, share: number): boolean {
  return Math.floor((index + 1) * share) > Math.floor(index * share);
}

export class Fleet {
  private readonly byId: Map<string, SimCharger>;
  private readonly byId201: Map<string, SimCharger201>;

  /** `chargers` are the OCPP 1.6J ones, `chargers201` the OCPP 2.0.1 stations of a mixed fleet. */
  constructor(
    readonly chargers: readonly SimCharger[],
    readonly chargers201: readonly SimCharger201[] = [],
  ) {
    this.byId = new Map(chargers.map((c) => [c.id, c]));
    this.byId201 = new Map(chargers201.map((c) => [c.id, c]));
  }

  /** A 1.6J charger by id. */
  get(id: string): SimCharger | undefined {
    return this.byId.get(id);
  }

  /** A 2.0.1 station by id. */
  get201(id: string): SimCharger201 | undefined {
    return this.byId201.get(id);
  }

  /** Chargers of both protocols. */
  get size(): number {
    return this.chargers.length + this.chargers201.length;
  }

  /** Automatic sessions: stop (false) or resume drivers arriving; sessions under way end as usual. */
  setDriversArrive(arrive: boolean): void {
    for (const c of [...this.chargers, ...this.chargers201]) c.driversArrive = arrive;
  }

  stats(): FleetStats {
    const s: FleetStats = {
      chargers: this.size,
      connected: 0,
      online: 0,
      charging: 0,
      refused: 0,
      faulted: 0,
      messagesSent: 0,
      messagesReceived: 0,
      queued: 0,
    };
    for (const c of this.chargers) {
      if (c.isConnected) s.connected++;
      if (c.isOnline) s.online++;
      for (const k of c.connectors) {
        if (k.transaction) s.charging++;
        if (k.transaction?.refused) s.refused++;
        if (k.status === 'Faulted') s.faulted++;
      }
      s.messagesSent += c.messagesSent;
      s.messagesReceived += c.messagesReceived;
      s.queued += c.outbox.size;
    }
    for (const c of this.chargers201) {
      if (c.isConnected) s.connected++;
      if (c.isOnline) s.online++;
      for (const e of c.evses) {
        if (e.transaction) s.charging++;
        if (e.faulted) s.faulted++;
      }
      s.messagesSent += c.messagesSent;
      s.messagesReceived += c.messagesReceived;
      s.queued += c.outbox.size;
    }
    return s;
  }

  async close(): Promise<void> {
    await Promise.all([...this.chargers, ...this.chargers201].map((c) => c.close()));
  }
}

function passwordFor(passwords: FleetOptions['passwords'], id: string): string | undefined {
  if (passwords === undefined || typeof passwords === 'string') return passwords;
  if (typeof passwords === 'function') return passwords(id);
  return passwords[id];
}

/**
 * Starts `count` chargers, `connectConcurrency` at a time; resolves when each has booted or tried once.
 * The chargers share one card pool (unless given one), so their drivers do not use one card twice at
 * the same time except for `sharedCardShare`.
 */
export async function startFleet(options: FleetOptions): Promise<Fleet> {
  const {
    count,
    prefix = 'SIM-',
    startIndex = 1,
    passwords,
    connectConcurrency = 100,
    cardPool = new CardPool(),
    onCharger,
    onCharger201,
    ocppMix,
    ...rest
  } = options;
  const share = ocppMix ?? (rest.ocpp === '2.0.1' ? 1 : 0);
  if (!(share >= 0 && share <= 1)) throw new Error('ocppMix must be between 0 and 1');
  const common = { ...rest, cardPool };
  const v16: SimCharger[] = [];
  const v201: SimCharger201[] = [];
  const all = Array.from({ length: count }, (_, i): SimCharger | SimCharger201 => {
    const id = chargerId(prefix, startIndex + i);
    const password = passwordFor(passwords, id);
    const o = { ...common, id, ...(password === undefined ? {} : { password }) };
    if (speaksOcpp201(i, share)) {
      const station = new SimCharger201({ ...o, ocpp: '2.0.1' });
      onCharger201?.(station);
      v201.push(station);
      return station;
    }
    const charger = new SimCharger({ ...o, ocpp: '1.6' });
    onCharger?.(charger);
    v16.push(charger);
    return charger;
  });
  let next = 0;
  const worker = async (): Promise<void> => {
    for (let c = all[next++]; c; c = all[next++]) await c.start();
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(connectConcurrency, count)) }, worker));
  return new Fleet(v16, v201);
}
