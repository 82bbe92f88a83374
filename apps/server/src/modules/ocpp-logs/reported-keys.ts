import type { Db } from '../../db/client.js';
import { lastAnswerListing } from './reported-keys.repository.js';

/**
 * The value a charger last reported for a configuration key (OCPP 1.6 GetConfiguration), as the
 * message log holds its answer; null when it holds none or the key came without a value.
 */
export async function reportedKey(db: Db, chargePointId: string, key: string): Promise<string | null> {
  const payload = (await lastAnswerListing(db, chargePointId, key)) as
    { configurationKey?: { key: string; value?: string }[] } | undefined;
  return payload?.configurationKey?.find((k) => k.key === key)?.value ?? null;
}
