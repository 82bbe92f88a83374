import type { Db } from '../../../db/client.js';
import { publishedLocation } from '../ocpi-objects/publication.repository.js';
import type { PublishedConnector } from '../ocpi-objects/rows.js';
import type { PartnerRow } from '../roaming.repository.js';
import { say, type CommandResponse } from './command-bodies.js';
import * as repo from './commands.repository.js';

export type Charger = { id: number; chargePointId: string };

/** Where a command acts, as the partner names it (OCPI ids). */
export interface CommandPlace {
  location_id: string;
  evse_uid?: string | null;
  connector_id?: string | null;
}

/** The charger a command goes to and the EVSE's connector, when it names one. */
export interface Placed {
  cp: Charger;
  connector: PublishedConnector | null;
}

/** A command refused at once, in words. */
export const rejected = (text: string): { response: CommandResponse } => ({
  response: { result: 'REJECTED', timeout: 0, message: say(text) },
});

/**
 * The published location, EVSE and connector the command names, and its charger online; or why
 * not, in words. `evse: 'required'` refuses a command without an EVSE.
 */
export async function placeOf(
  db: Db,
  chargers: { isConnected(chargePointId: string): Promise<boolean> },
  p: PartnerRow,
  ids: CommandPlace,
  evse: 'required' | 'optional',
): Promise<Placed | { response: CommandResponse }> {
  const row = await publishedLocation(db, p.publishedOperatorIds, ids.location_id);
  if (!row) return rejected(`Location ${ids.location_id} is unknown`);
  let connector: PublishedConnector | null = null;
  if (ids.evse_uid) {
    connector = row.connectors.find((c) => String(c.id) === ids.evse_uid) ?? null;
    if (!connector) return rejected(`EVSE ${ids.evse_uid} is not at location ${ids.location_id}`);
    // Each EVSE has one connector, whose id is "1" (ocpi-objects/connectors.ts).
    if (ids.connector_id && ids.connector_id !== '1')
      return rejected(`Connector ${ids.connector_id} is not at EVSE ${ids.evse_uid}`);
  } else if (evse === 'required') return rejected('The command needs an EVSE');
  const cp = await repo.chargerOf(db, row.chargePoint.id);
  if (!cp || !(await chargers.isConnected(cp.chargePointId)))
    return rejected(`The charger of location ${ids.location_id} is offline`);
  return { cp, connector };
}
