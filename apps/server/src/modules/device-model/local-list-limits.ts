import type { Db } from '../../db/client.js';
import { storedLimit, storedVariable } from './split.js';

/**
 * What a charger's device model says of its local list (OCPP 2.0.1 LocalAuthListCtrlr):
 * ItemsPerMessage and BytesPerMessage of one SendLocalList, and the most entries the list holds
 * (the maxLimit of Entries, whose value is how many it holds now). Null where it reported none.
 */
export async function localAuthListLimits(db: Db, chargePointId: number) {
  const entries = await storedVariable(db, chargePointId, 'LocalAuthListCtrlr', 'Entries');
  const max = entries?.maxLimit;
  return {
    itemsPerMessage: await storedLimit(db, chargePointId, 'LocalAuthListCtrlr', 'ItemsPerMessage'),
    bytesPerMessage: await storedLimit(db, chargePointId, 'LocalAuthListCtrlr', 'BytesPerMessage'),
    maxEntries: max !== null && max !== undefined && Number.isInteger(max) && max >= 0 ? max : null,
  };
}
