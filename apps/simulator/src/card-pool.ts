/**
 * The RFID cards in use across a fleet at this moment, from the driver presenting the card until
 * the transaction ends (or the start fails). Automatic sessions draw a free card, so two chargers
 * share a card only when asked to (`sharedCardShare`), and the central system's one-card-one-session
 * rule is exercised on purpose rather than by chance.
 */
export class CardPool {
  /** idTag → charger ids holding it (a charger may hold one card on two connectors). */
  private readonly holders = new Map<string, string[]>();

  get inUse(): number {
    return this.holders.size;
  }

  isInUse(idTag: string): boolean {
    return this.holders.has(idTag);
  }

  /** Marks the card as used by `holder`; the returned function gives it back (once, however often called). */
  claim(idTag: string, holder: string): () => void {
    const list = this.holders.get(idTag) ?? [];
    list.push(holder);
    this.holders.set(idTag, list);
    let released = false;
    return () => {
      if (released) return;
      released = true;
      const now = this.holders.get(idTag);
      if (!now) return;
      const at = now.indexOf(holder);
      if (at >= 0) now.splice(at, 1);
      if (now.length === 0) this.holders.delete(idTag);
    };
  }

  /** A card from `idTags` that nobody holds, or undefined when every one is in use. */
  free(idTags: readonly string[], random: () => number): string | undefined {
    if (idTags.length === 0) return undefined;
    // A few random draws find a free card at once unless the pool is nearly exhausted.
    for (let i = 0; i < 8; i++) {
      const tag = idTags[Math.floor(random() * idTags.length)];
      if (tag !== undefined && !this.holders.has(tag)) return tag;
    }
    const left = idTags.filter((t) => !this.holders.has(t));
    return left[Math.floor(random() * left.length)];
  }

  /** A card some other holder than `except` is using now, or undefined when there is none. */
  busy(random: () => number, except?: string): string | undefined {
    const candidates: string[] = [];
    for (const [tag, holders] of this.holders) if (holders.some((h) => h !== except)) candidates.push(tag);
    return candidates[Math.floor(random() * candidates.length)];
  }
}
