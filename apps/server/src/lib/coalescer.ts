export interface CoalescerOptions {
  /** Most items in one write. */
  maxBatch?: number;
  /** Writes in flight at once (each holds one database connection). */
  concurrency?: number;
}

interface Waiting<T> {
  item: T;
  resolve: () => void;
  reject: (err: unknown) => void;
}

/**
 * Group commit for small writes from many chargers: an item is written at once when a writer is
 * free; items that arrive while all writers are busy go together into the next write. Each
 * caller's promise settles when the write that carried its item has committed, so an answer to a
 * charger still means "stored", and an idle server adds no delay. A failed batch is written again
 * item by item, so one bad item fails only its own caller.
 */
export class Coalescer<T> {
  private queue: Waiting<T>[] = [];
  private running = 0;
  private readonly maxBatch: number;
  private readonly concurrency: number;

  constructor(
    private readonly write: (items: T[]) => Promise<void>,
    options: CoalescerOptions = {},
  ) {
    this.maxBatch = options.maxBatch ?? 500;
    this.concurrency = options.concurrency ?? 1;
  }

  add(item: T): Promise<void> {
    return new Promise((resolve, reject) => {
      this.queue.push({ item, resolve, reject });
      if (this.running < this.concurrency) void this.drain();
    });
  }

  private async drain() {
    this.running++;
    try {
      while (this.queue.length > 0) await this.run(this.queue.splice(0, this.maxBatch));
    } finally {
      this.running--;
    }
  }

  private async run(batch: Waiting<T>[]) {
    try {
      await this.write(batch.map((b) => b.item));
      for (const b of batch) b.resolve();
    } catch (err) {
      if (batch.length === 1) {
        batch[0]?.reject(err);
        return;
      }
      for (const b of batch) await this.run([b]);
    }
  }
}
