import type { CardPool, Fleet, SentMessage, SimCharger } from '../../apps/simulator/src/index.js';

type AuthorizationStatus = 'Accepted' | 'Blocked' | 'Expired' | 'Invalid' | 'ConcurrentTx';

/** What the chargers sent and were answered, counted at the chargers. */
export class FlowCounters {
  readonly sent = new Map<string, number>();
  readonly errors = new Map<string, number>();
  /** StartTransaction answers by idTagInfo.status (a resent Start counts again). */
  readonly startAnswers = new Map<string, number>();
  /** StartTransactions sent a second time (their first answer was lost with the connection). */
  resentStarts = 0;
  private readonly seenStarts = new WeakSet<object>();

  watch(charger: SimCharger): void {
    charger.on('sent', (m) => this.count(m));
  }

  private count(m: SentMessage): void {
    bump(this.sent, m.action);
    if (m.action === 'StartTransaction') {
      if (this.seenStarts.has(m.payload)) this.resentStarts++;
      this.seenStarts.add(m.payload);
    }
    if (m.error !== undefined) {
      bump(this.errors, m.action);
      return;
    }
    if (m.action === 'StartTransaction') {
      const status = (m.response as { idTagInfo?: { status?: string } } | undefined)?.idTagInfo?.status;
      bump(this.startAnswers, status ?? 'none');
    }
  }

  snapshot() {
    return {
      sent: Object.fromEntries(this.sent),
      errors: Object.fromEntries(this.errors),
      startAnswers: Object.fromEntries(this.startAnswers),
      resentStarts: this.resentStarts,
    };
  }
}

function bump(map: Map<string, number>, key: string): void {
  map.set(key, (map.get(key) ?? 0) + 1);
}

export interface RaceResult {
  idTag: string;
  /** Per charger: Authorize refused it, StartTransaction answered this, or no answer in time. */
  outcomes: Array<AuthorizationStatus | `authorize:${AuthorizationStatus}` | 'unanswered' | 'error'>;
}

/**
 * Two chargers start one free card at the same moment, each on an idle connector: the server must
 * accept exactly one of the two starts. Resolves undefined when no two idle chargers or no free card
 * could be found.
 */
export async function raceOneCard(
  fleet: Fleet,
  pool: CardPool,
  cards: readonly string[],
  random: () => number,
): Promise<RaceResult | undefined> {
  const picks: Array<{ charger: SimCharger; connectorId: number }> = [];
  const offset = Math.floor(random() * fleet.chargers.length);
  for (let i = 0; i < fleet.chargers.length && picks.length < 2; i++) {
    const charger = fleet.chargers[(offset + i) % fleet.chargers.length];
    if (!charger?.isOnline) continue;
    const c = charger.connectors.find((k) => k.status === 'Available' && !k.vehicle && !k.transaction);
    if (c) picks.push({ charger, connectorId: c.id });
  }
  const idTag = pool.free(cards, random);
  if (picks.length < 2 || idTag === undefined) return undefined;
  const outcomes = await Promise.all(
    picks.map(async ({ charger, connectorId }): Promise<RaceResult['outcomes'][number]> => {
      const release = pool.claim(idTag, charger.id);
      try {
        const r = await charger.sessions.start(connectorId, idTag, { onEnd: release });
        if (r.status !== 'Accepted') {
          release();
          // The driver refused at the reader leaves.
          charger.later(30, () => charger.sessions.unplug(connectorId));
          return `authorize:${r.status}`;
        }
        return r.startStatus ?? 'unanswered';
      } catch {
        release();
        return 'error';
      }
    }),
  );
  return { idTag, outcomes };
}

/** Races in which both chargers were answered but not exactly one start was accepted. */
export function badRaces(races: readonly RaceResult[]): RaceResult[] {
  return races.filter((r) => {
    if (r.outcomes.some((o) => o === 'unanswered' || o === 'error')) return false;
    return r.outcomes.filter((o) => o === 'Accepted').length !== 1;
  });
}

/**
 * Transactions the chargers are running now (their ids), once every charger is online with nothing
 * left to deliver: then the database must hold each as active or refused, and nothing else as active.
 * Undefined when that moment did not come within `timeoutMs`.
 */
export async function settledRunning(fleet: Fleet, timeoutMs: number): Promise<Set<number> | undefined> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    const settled = fleet.chargers.every(
      (c) =>
        c.isOnline && c.outbox.size === 0 && c.connectors.every((k) => !k.transaction || k.transaction.id),
    );
    if (settled) return runningIds(fleet);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  return undefined;
}

export function runningIds(fleet: Fleet): Set<number> {
  const ids = new Set<number>();
  for (const c of fleet.chargers)
    for (const k of c.connectors) if (k.transaction?.id !== undefined) ids.add(k.transaction.id);
  return ids;
}

/** Every charger stops its transactions (reason Local); resolves once all Stops are delivered. */
export async function stopEverything(fleet: Fleet, timeoutMs: number): Promise<boolean> {
  fleet.setDriversArrive(false);
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    for (const charger of fleet.chargers)
      for (const c of charger.connectors)
        if (c.transaction && !c.transaction.stopping) charger.stopSession(c.id);
    const done = fleet.chargers.every(
      (c) => c.outbox.size === 0 && c.connectors.every((k) => !k.transaction) && c.isOnline,
    );
    if (done) return true;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return false;
}

/** A small seeded generator (mulberry32), so two runs draw the same cards and arrivals. */
export function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}
