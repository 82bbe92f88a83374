/** One kind of write of a group commit: `add` settles once the transaction that carried the item has committed. */
export interface Lane<T> {
  add(item: T): Promise<void>;
}

/**
 * Whole units of work sharing the group commit's transactions: each job runs in turn in the
 * transaction, and `run` settles with its result once that transaction has committed. A job may
 * run more than once (a transaction that failed is written again in smaller parts), so it must
 * only read and write through the transaction it is given.
 */
export interface JobLane<Tx> {
  run<R>(work: (tx: Tx) => Promise<R>): Promise<R>;
}

export interface GroupCommitOptions {
  /** Most items (of all lanes) in one transaction. */
  maxBatch?: number;
  /** Transactions in flight at once (each holds one database connection). */
  concurrency?: number;
  /**
   * Items waiting, at least, for a second transaction to start beside a running one. Below it they
   * wait for the running one to end and go together into the next: at light traffic two small
   * transactions cost about twice one larger.
   */
  spillAt?: number;
  /**
   * How long the first item waits for others when the writers are idle, ms. At light traffic a
   * transaction per message is what costs most (BEGIN, COMMIT and its flush to disk, a round trip
   * each); a few milliseconds of waiting lets one transaction carry the messages of many chargers.
   */
  waitMs?: number;
}

interface Queued {
  lane: number;
  item: unknown;
  resolve: () => void;
  reject: (err: unknown) => void;
}

/**
 * Group commit across kinds of writes: heartbeats, status reports and meter values of all chargers
 * go into one transaction, each kind (lane) written by its own batch writer in that transaction.
 * The first item waits at most `waitMs` for company; items that arrive while every writer is busy
 * go into the next transaction at once. Each caller's promise settles when its transaction has
 * committed, so an answer to a charger still means "stored". A failed transaction is written
 * again lane by lane, then item by item, so one bad item fails only its own caller.
 */
export class GroupCommit<Tx> {
  private queue: Queued[] = [];
  private readonly writers: ((tx: Tx, items: unknown[]) => Promise<void>)[] = [];
  private readonly single: boolean[] = [];
  /** Most items of a lane in one transaction (undefined: up to maxBatch). */
  private readonly caps: (number | undefined)[] = [];
  private running = 0;
  private timer: NodeJS.Timeout | undefined;
  private readonly maxBatch: number;
  private readonly concurrency: number;
  private readonly waitMs: number;
  private readonly spillAt: number;

  constructor(
    private readonly transaction: (write: (tx: Tx) => Promise<void>) => Promise<void>,
    options: GroupCommitOptions = {},
    /**
     * Runs a write outside a transaction: a batch of one lane whose writer is one statement
     * (`oneStatement`) needs no BEGIN and COMMIT, a statement being atomic by itself.
     */
    private readonly direct?: (write: (tx: Tx) => Promise<void>) => Promise<void>,
  ) {
    this.maxBatch = options.maxBatch ?? 1000;
    this.concurrency = options.concurrency ?? 2;
    this.waitMs = options.waitMs ?? 0;
    this.spillAt = options.spillAt ?? 1;
  }

  /**
   * A kind of write; lanes are written in the order they were made. `oneStatement`: the writer
   * sends at most one statement, so a batch of this lane alone runs without a transaction.
   */
  lane<T>(
    write: (tx: Tx, items: T[]) => Promise<void>,
    options: { oneStatement?: boolean; maxPerTransaction?: number } = {},
  ): Lane<T> {
    const index = this.writers.push(write as (tx: Tx, items: unknown[]) => Promise<void>) - 1;
    this.single[index] = options.oneStatement === true;
    this.caps[index] = options.maxPerTransaction;
    return {
      add: (item: T) =>
        new Promise<void>((resolve, reject) => {
          this.queue.push({ lane: index, item, resolve, reject });
          this.schedule();
        }),
    };
  }

  /**
   * A lane of jobs (StartTransaction, StopTransaction: reads and writes that depend on what they
   * read). At most `maxPerTransaction` jobs go into one transaction, which bounds how long it
   * holds its locks and keeps the other lanes' items waiting.
   */
  jobs(options: { maxPerTransaction?: number } = {}): JobLane<Tx> {
    type Job = { work: (tx: Tx) => Promise<unknown>; result?: unknown };
    const lane = this.lane<Job>(async (tx, jobs) => {
      for (const job of jobs) job.result = await job.work(tx);
    }, options);
    return {
      run: async <R>(work: (tx: Tx) => Promise<R>): Promise<R> => {
        const job: Job = { work };
        await lane.add(job);
        return job.result as R;
      },
    };
  }

  private schedule() {
    if (this.running >= this.concurrency) return; // a writer finishing picks the queue up
    if (this.running > 0) {
      // The running writer takes the queue when it ends, unless it is long.
      if (this.queue.length >= this.spillAt) this.startWriter();
      return;
    }
    if (this.waitMs <= 0 || this.queue.length >= this.maxBatch) {
      this.startWriter();
      return;
    }
    this.timer ??= setTimeout(() => {
      this.timer = undefined;
      if (this.queue.length > 0 && this.running === 0) this.startWriter();
    }, this.waitMs);
  }

  private startWriter() {
    if (this.timer) {
      clearTimeout(this.timer);
      this.timer = undefined;
    }
    void this.drain();
  }

  private async drain() {
    this.running++;
    try {
      while (this.queue.length > 0) await this.run(this.take());
    } finally {
      this.running--;
    }
  }

  /** The next transaction's items, in order: up to maxBatch, and up to each lane's cap. */
  private take(): Queued[] {
    if (this.caps.every((c) => c === undefined)) return this.queue.splice(0, this.maxBatch);
    const batch: Queued[] = [];
    const rest: Queued[] = [];
    const counts = new Map<number, number>();
    for (const q of this.queue) {
      const n = counts.get(q.lane) ?? 0;
      const cap = this.caps[q.lane] ?? Infinity;
      if (batch.length < this.maxBatch && n < cap) {
        batch.push(q);
        counts.set(q.lane, n + 1);
      } else rest.push(q);
    }
    this.queue = rest;
    return batch;
  }

  private async run(batch: Queued[]): Promise<void> {
    const lanes = new Map<number, Queued[]>();
    for (const q of batch) {
      const list = lanes.get(q.lane);
      if (list) list.push(q);
      else lanes.set(q.lane, [q]);
    }
    const ordered = [...lanes.entries()].sort(([a], [b]) => a - b);
    const [only] = ordered;
    const run =
      ordered.length === 1 && only && this.single[only[0]] && this.direct ? this.direct : this.transaction;
    try {
      await run(async (tx) => {
        for (const [lane, items] of ordered)
          await this.writers[lane]?.(
            tx,
            items.map((q) => q.item),
          );
      });
      for (const q of batch) q.resolve();
    } catch (err) {
      if (ordered.length > 1) {
        for (const [, items] of ordered) await this.run(items);
        return;
      }
      if (batch.length === 1) {
        batch[0]?.reject(err);
        return;
      }
      for (const q of batch) await this.run([q]);
    }
  }
}
