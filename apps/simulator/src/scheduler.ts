/**
 * One timer for the whole process. Chargers schedule callbacks here instead of owning timers, so a
 * fleet of 10,000 chargers keeps one Node timer armed (for the earliest due task) rather than tens
 * of thousands.
 */
export interface Task {
  due: number;
  seq: number;
  fn: () => void;
  cancelled: boolean;
}

export class Scheduler {
  private readonly heap: Task[] = [];
  private timer: NodeJS.Timeout | undefined;
  private armedFor = Infinity;
  private seq = 0;

  constructor(private readonly now: () => number = Date.now) {}

  /** Runs `fn` after `delayMs` real milliseconds. Returns a handle for cancel(). */
  after(delayMs: number, fn: () => void): Task {
    const task: Task = { due: this.now() + Math.max(0, delayMs), seq: this.seq++, fn, cancelled: false };
    this.push(task);
    this.arm();
    return task;
  }

  cancel(task: Task | undefined): void {
    if (task) task.cancelled = true;
  }

  get size(): number {
    return this.heap.length;
  }

  private arm(): void {
    const next = this.heap[0];
    if (!next) {
      if (this.timer) clearTimeout(this.timer);
      this.timer = undefined;
      this.armedFor = Infinity;
      return;
    }
    if (this.timer && next.due >= this.armedFor) return;
    if (this.timer) clearTimeout(this.timer);
    this.armedFor = next.due;
    this.timer = setTimeout(() => this.run(), Math.max(0, next.due - this.now()));
  }

  private run(): void {
    this.timer = undefined;
    this.armedFor = Infinity;
    const now = this.now();
    for (let top = this.heap[0]; top && top.due <= now; top = this.heap[0]) {
      this.pop();
      if (top.cancelled) continue;
      try {
        top.fn();
      } catch {
        // A failing task must not stop the tick for every other charger.
      }
    }
    this.dropCancelledHead();
    this.arm();
  }

  private dropCancelledHead(): void {
    while (this.heap[0]?.cancelled) this.pop();
  }

  private less(a: Task, b: Task): boolean {
    return a.due < b.due || (a.due === b.due && a.seq < b.seq);
  }

  private push(task: Task): void {
    const h = this.heap;
    h.push(task);
    let i = h.length - 1;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      const p = h[parent] as Task;
      if (!this.less(task, p)) break;
      h[i] = p;
      i = parent;
    }
    h[i] = task;
  }

  private pop(): void {
    const h = this.heap;
    const last = h.pop();
    if (!last || h.length === 0) return;
    let i = 0;
    for (;;) {
      const l = 2 * i + 1;
      const r = l + 1;
      let smallest = last;
      let at = -1;
      const lt = h[l];
      const rt = h[r];
      if (lt && this.less(lt, smallest)) {
        smallest = lt;
        at = l;
      }
      if (rt && this.less(rt, smallest)) {
        smallest = rt;
        at = r;
      }
      if (at < 0) break;
      h[i] = smallest;
      i = at;
    }
    h[i] = last;
  }
}

/** The process-wide scheduler used unless a charger is given its own. */
export const sharedScheduler = new Scheduler();
