/** Response times of answered CALLs, per action and overall. */
export class Latencies {
  private readonly byAction = new Map<string, number[]>();
  private readonly all: number[] = [];
  /** Per second of the run (by the time of the answer): answers and the slowest of them. */
  private readonly seconds = new Map<number, { answered: number; maxMs: number }>();
  private readonly startedAt = Date.now();
  ok = 0;
  errors = 0;

  add(action: string, ms: number, ok: boolean): void {
    if (!ok) {
      this.errors++;
      return;
    }
    this.ok++;
    const second = Math.floor((Date.now() - this.startedAt) / 1000);
    const s = this.seconds.get(second) ?? { answered: 0, maxMs: 0 };
    s.answered++;
    s.maxMs = Math.max(s.maxMs, ms);
    this.seconds.set(second, s);
    this.all.push(ms);
    let list = this.byAction.get(action);
    if (!list) this.byAction.set(action, (list = []));
    list.push(ms);
  }

  /**
   * The seconds whose slowest answer took longer than `overMs`, slowest first (at most `most`),
   * with the wall-clock time they started: to set pauses beside the server's and the database's
   * logs (a checkpoint, a long garbage collection).
   */
  slowSeconds(overMs: number, most = 12) {
    const slow = [...this.seconds.entries()].filter(([, s]) => s.maxMs > overMs);
    return {
      count: slow.length,
      of: this.seconds.size,
      slowest: slow
        .sort(([, a], [, b]) => b.maxMs - a.maxMs)
        .slice(0, most)
        .map(([second, s]) => ({
          at: new Date(this.startedAt + second * 1000).toISOString(),
          answered: s.answered,
          maxMs: Math.round(s.maxMs),
        })),
    };
  }

  summary(): Record<string, { n: number; p50: number; p99: number; max: number }> {
    const out: Record<string, { n: number; p50: number; p99: number; max: number }> = {
      all: summarise(this.all),
    };
    for (const [action, list] of this.byAction) out[action] = summarise(list);
    return out;
  }
}

function summarise(values: number[]) {
  const sorted = Float64Array.from(values).sort();
  const at = (q: number) => sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  const round = (v: number) => Math.round(v * 10) / 10;
  return { n: sorted.length, p50: round(at(0.5)), p99: round(at(0.99)), max: round(at(1)) };
}

export const mib = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10;

/** A command-line flag's whole number, refused with its name when outside min..max. */
export function intArg(name: string, value: string | undefined, min: number, max: number): number {
  const n = Number(value);
  if (!Number.isInteger(n) || n < min || n > max)
    throw new Error(`--${name} must be an integer in ${min}..${max}`);
  return n;
}

/** Milliseconds measured, and their quantiles (a plain list, for the benches that need no more). */
export class Samples {
  private readonly xs: number[] = [];
  add(ms: number) {
    this.xs.push(ms);
  }
  get count() {
    return this.xs.length;
  }
  quantile(q: number): number {
    const sorted = [...this.xs].sort((a, b) => a - b);
    return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
  }
}
