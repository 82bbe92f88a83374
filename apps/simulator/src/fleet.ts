import { CardPool } from './card-pool.js';
import { SimCharger } from './charger.js';
import type { SimChargerOptions } from './options.js';

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
  /** Called with each charger before it connects (to listen to its events from its first message). */
  onCharger?: (charger: SimCharger) => void;
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

export class Fleet {
  private readonly byId: Map<string, SimCharger>;

  constructor(readonly chargers: readonly SimCharger[]) {
    this.byId = new Map(chargers.map((c) => [c.id, c]));
  }

  get(id: string): SimCharger | undefined {
    return this.byId.get(id);
  }

  /** Automatic sessions: stop (false) or resume drivers arriving; sessions under way end as usual. */
  setDriversArrive(arrive: boolean): void {
    for (const c of this.chargers) c.driversArrive = arrive;
  }

  stats(): FleetStats {
    const s: FleetStats = {
      chargers: this.chargers.length,
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
    return s;
  }

  async close(): Promise<void> {
    await Promise.all(this.chargers.map((c) => c.close()));
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
    ...rest
  } = options;
  const common = { ...rest, cardPool };
  const chargers = Array.from({ length: count }, (_, i) => {
    const id = chargerId(prefix, startIndex + i);
    const password = passwordFor(passwords, id);
    const charger = new SimCharger({ ...common, id, ...(password === undefined ? {} : { password }) });
    onCharger?.(charger);
    return charger;
  });
  let next = 0;
  const worker = async (): Promise<void> => {
    for (let c = chargers[next++]; c; c = chargers[next++]) await c.start();
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(connectConcurrency, count)) }, worker));
  return new Fleet(chargers);
}
