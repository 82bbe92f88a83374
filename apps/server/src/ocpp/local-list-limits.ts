import type { Payload } from '../modules/commands/prepared.js';
import type { LocalListLimits, LocalListLimitsLookup } from '../modules/commands/local-list-limits.js';
import { localAuthListLimits } from '../modules/device-model/local-list-limits.js';
import { reportedKey } from '../modules/ocpp-logs/reported-keys.js';
import type { Db } from '../db/client.js';
import { localList201 } from './v201/commands/station.js';
import type { Ocpp } from '@voltline/contract';

const jsonBytes = (payload: unknown) => Buffer.byteLength(JSON.stringify(payload));

/** A whole positive number from a key's value, or null. */
function count(value: string | null): number | null {
  if (value === null || !/^\d+$/.test(value.trim())) return null;
  const n = Number(value);
  return n > 0 ? n : null;
}

/**
 * Each protocol's answer to what a charger takes of a local list. OCPP 1.6: the configuration keys
 * the charger last reported (SendLocalListMaxLength per message, LocalAuthListMaxLength in all; 1.6
 * has no byte bound). OCPP 2.0.1: its device model's LocalAuthListCtrlr, bytes counted as the
 * 2.0.1 message it receives.
 */
export function localListLimits(db: Db): LocalListLimitsLookup {
  return async (cp): Promise<LocalListLimits> => {
    if (cp.ocppProtocol === 'ocpp2.0.1') {
      return {
        ...(await localAuthListLimits(db, cp.id)),
        bytesOf: (payload: Payload) =>
          jsonBytes(localList201(payload as unknown as Ocpp.SendLocalListRequest)),
      };
    }
    return {
      itemsPerMessage: count(await reportedKey(db, cp.chargePointId, 'SendLocalListMaxLength')),
      bytesPerMessage: null,
      maxEntries: count(await reportedKey(db, cp.chargePointId, 'LocalAuthListMaxLength')),
      bytesOf: jsonBytes,
    };
  };
}
