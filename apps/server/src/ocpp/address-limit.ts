/**
 * How many times each address may do something in a fixed window (a minute), in memory: the
 * handshakes of unknown chargers, which must cost no database write once an address is past its
 * limit. The window's table is emptied when the window turns, and holds at most `maxAddresses`
 * (past that, a new address is refused until the window turns), so a flood of addresses cannot
 * grow it without bound.
 */
export class AddressLimit {
  private counts = new Map<string, number>();
  private windowStart = 0;

  constructor(
    private readonly limit: number,
    private readonly windowMs = 60_000,
    private readonly maxAddresses = 100_000,
    private readonly now: () => number = Date.now,
  ) {}

  /** Counts one attempt of the address; whether it is within the limit. */
  take(address: string): boolean {
    const t = this.now();
    if (t - this.windowStart >= this.windowMs) {
      this.counts.clear();
      this.windowStart = t;
    }
    const seen = this.counts.get(address);
    if (seen === undefined && this.counts.size >= this.maxAddresses) return false;
    const n = (seen ?? 0) + 1;
    this.counts.set(address, n);
    return n <= this.limit;
  }
}
