import type { Ocpp } from '@voltline/contract';

export type IdTagInfo = Ocpp.AuthorizeResponse['idTagInfo'];

/** Which local sources a lookup may use (LocalAuthListEnabled, AuthorizationCacheEnabled). */
export interface LocalSources {
  list: boolean;
  cache: boolean;
}

/** The Local Authorization List (SendLocalList) and the Authorization Cache (ClearCache). */
export class LocalAuth {
  private list = new Map<string, IdTagInfo>();
  private cache = new Map<string, IdTagInfo>();
  private listVersion = 0;

  /** The list's version for GetLocalListVersion: 0 while the list is empty (OCPP 1.6 section 5.10). */
  get version(): number {
    return this.list.size === 0 ? 0 : this.listVersion;
  }

  /** The list first, then the cache; an Accepted entry past its expiryDate reads as Expired. */
  lookup(idTag: string, from: LocalSources = { list: true, cache: true }): IdTagInfo | undefined {
    const info =
      (from.list ? this.list.get(idTag) : undefined) ?? (from.cache ? this.cache.get(idTag) : undefined);
    if (info?.status === 'Accepted' && info.expiryDate && new Date(info.expiryDate).getTime() <= Date.now()) {
      return { ...info, status: 'Expired' };
    }
    return info;
  }

  inList(idTag: string): boolean {
    return this.list.has(idTag);
  }

  /**
   * What the central system said of a card (Authorize, StartTransaction, StopTransaction): kept in the
   * cache unless the card is in the local list, which only SendLocalList changes (sections 4.1, 4.8).
   */
  remember(idTag: string, info: IdTagInfo): void {
    if (this.list.has(idTag)) return;
    // A real cache is bounded; so is this one.
    if (this.cache.size >= 100 && !this.cache.has(idTag)) this.cache.clear();
    this.cache.set(idTag, info);
  }

  /** The list the charger came with (installed by an earlier SendLocalList). */
  preload(entries: Record<string, IdTagInfo>, version: number): void {
    for (const [idTag, info] of Object.entries(entries)) this.list.set(idTag, info);
    this.listVersion = version;
  }

  clearCache(): void {
    this.cache.clear();
  }

  get listSize(): number {
    return this.list.size;
  }

  /**
   * SendLocalList (section 5.15): Full replaces the list, Differential adds, updates (idTagInfo
   * present) or removes (absent) entries and must carry the list's version or a newer one, else
   * VersionMismatch. More entries than SendLocalListMaxLength in one message, a list that would
   * outgrow LocalAuthListMaxLength, or a Full entry without idTagInfo: Failed, list unchanged.
   */
  apply(
    req: Ocpp.SendLocalListRequest,
    limits: { sendMax: number; listMax: number },
  ): Ocpp.SendLocalListResponse['status'] {
    const entries = req.localAuthorizationList ?? [];
    if (entries.length > limits.sendMax) return 'Failed';
    const full = req.updateType === 'Full';
    // A Differential of the list's own version continues it (a list sent in several messages).
    if (!full && req.listVersion < this.version) return 'VersionMismatch';
    if (full && entries.some((e) => e.idTagInfo === undefined)) return 'Failed';
    const next = full ? new Map<string, IdTagInfo>() : new Map(this.list);
    for (const entry of entries) {
      if (entry.idTagInfo) next.set(entry.idTag, entry.idTagInfo);
      else next.delete(entry.idTag);
    }
    if (next.size > limits.listMax) return 'Failed';
    this.list = next;
    this.listVersion = req.listVersion;
    // The list wins over the cache for the cards it holds.
    for (const idTag of next.keys()) this.cache.delete(idTag);
    return 'Accepted';
  }
}
