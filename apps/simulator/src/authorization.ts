import type { SimCharger } from './charger.js';
import type { IdTagInfo } from './local-auth.js';

/**
 * Authorize as a charger does it (OCPP 1.6 section 3.4): a card its local list or cache accepts
 * starts at once with LocalPreAuthorize; otherwise it asks the central system, and offline the list
 * and cache decide (LocalAuthorizeOffline), or AllowOfflineTxForUnknownId.
 */
export async function authorize(charger: SimCharger, idTag: string): Promise<IdTagInfo> {
  const { config } = charger;
  const local = charger.localAuth.lookup(idTag, {
    list: config.getBool('LocalAuthListEnabled'),
    cache: config.getBool('AuthorizationCacheEnabled'),
  });
  if (local?.status === 'Accepted' && config.getBool('LocalPreAuthorize')) return local;
  if (charger.isOnline) {
    try {
      const { idTagInfo } = await charger.send('Authorize', { idTag });
      rememberIdTag(charger, idTag, idTagInfo);
      return idTagInfo;
    } catch {
      // Falls through to offline authorization, as a charger does when the answer never comes.
    }
  }
  if (local && config.getBool('LocalAuthorizeOffline')) return local;
  if (config.getBool('AllowOfflineTxForUnknownId')) return { status: 'Accepted' };
  return { status: 'Invalid' };
}

/** The central system's word on a card (Authorize, Start/StopTransaction) goes into the cache, when enabled. */
export function rememberIdTag(charger: SimCharger, idTag: string, info: IdTagInfo): void {
  if (charger.config.getBool('AuthorizationCacheEnabled')) charger.localAuth.remember(idTag, info);
}
