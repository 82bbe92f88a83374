import type { Ocpp } from '@voltline/contract';

export type IdTagInfo = Ocpp.AuthorizeResponse['idTagInfo'];

/** The Local Authorization List (SendLocalList) and the Authorization Cache (ClearCache). */
export class LocalAuth {
  private list = new Map<string, IdTagInfo>();
  private cache = new Map<string, IdTagInfo>();
  version = 0;

  lookup(idTag: string): IdTagInfo | undefined {
    return this.list.get(idTag) ?? this.cache.get(idTag);
  }

  remember(idTag: string, info: IdTagInfo): void {
    // A real cache is bounded; so is this one.
    if (this.cache.size >= 100) this.cache.clear();
    this.cache.set(idTag, info);
  }

  clearCache(): void {
    this.cache.clear();
  }

  get listSize(): number {
    return this.list.size;
  }

  apply(req: Ocpp.SendLocalListRequest, maxLength: number): Ocpp.SendLocalListResponse['status'] {
    const entries = req.localAuthorizationList ?? [];
    if (entries.length > maxLength) return 'Failed';
    if (req.updateType === 'Differential' && req.listVersion <= this.version) return 'VersionMismatch';
    if (req.updateType === 'Full') this.list = new Map();
    for (const entry of entries) {
      if (entry.idTagInfo) this.list.set(entry.idTag, entry.idTagInfo);
      else this.list.delete(entry.idTag);
    }
    this.version = req.listVersion;
    return 'Accepted';
  }
}
