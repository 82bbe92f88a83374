import type { SimCharger201 } from './charger.js';
import type { IdToken } from './evse.js';
import type { AuthorizationStatus201 } from './tx-events.js';

/** Who may charge at a 2.0.1 station: the CSMS online, else the local list, the cache, the station's rule. */
export class Authorization201 {
  /** Tokens the CSMS accepted lately (authorization cache, C10), for authorizing while offline. */
  readonly cache = new Map<string, AuthorizationStatus201>();
  /**
   * The group of each token the CSMS named one for (groupIdToken): for C09 stops by a card of the
   * group, and a reservation of the group admits it (H03).
   */
  readonly groups = new Map<string, string>();

  constructor(private readonly s: SimCharger201) {}

  /** Online the CSMS decides (Authorize); offline the local list, the cache, then OfflineTxForUnknownId. */
  async authorize(token: IdToken): Promise<AuthorizationStatus201> {
    const m = this.s.model;
    if (this.s.isOnline) {
      try {
        const res = await this.s.send('Authorize', { idToken: token });
        this.cache.set(token.idToken, res.idTokenInfo.status);
        const group = res.idTokenInfo.groupIdToken?.idToken;
        if (group) this.groups.set(token.idToken, group);
        else this.groups.delete(token.idToken);
        return res.idTokenInfo.status;
      } catch {
        // No answer: decide as if offline.
      }
    }
    if (!m.getBool('AuthCtrlr', 'LocalAuthorizeOffline')) return 'Unknown';
    const known = this.s.localList.get(token.idToken)?.status ?? this.cache.get(token.idToken);
    if (known) return known;
    return m.getBool('AuthCtrlr', 'OfflineTxForUnknownIdEnabled') ? 'Accepted' : 'Unknown';
  }

  /** A token's group, as the CSMS or the local list named it. */
  groupOf(token: IdToken): string | undefined {
    return this.groups.get(token.idToken) ?? this.s.localList.get(token.idToken)?.groupIdToken?.idToken;
  }
}
