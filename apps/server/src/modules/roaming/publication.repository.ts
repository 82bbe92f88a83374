import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { chargePoints, operators, roamingPartners, tariffs } from '../../db/schema/index.js';
import { inScope, type Actor } from '../../lib/context.js';

/** A charge point in the actor's reach, with what decides whether it is published. */
export async function chargePointForPublication(tx: Tx, actor: Actor, id: number) {
  const [row] = await tx
    .select({
      id: chargePoints.id,
      registrationStatus: chargePoints.registrationStatus,
      archivedAt: chargePoints.archivedAt,
      latitude: chargePoints.latitude,
      longitude: chargePoints.longitude,
      operatorPath: operators.path,
      operatorArchivedAt: operators.archivedAt,
    })
    .from(chargePoints)
    .innerJoin(operators, eq(operators.id, chargePoints.operatorId))
    .where(and(eq(chargePoints.id, id), inScope(actor, operators.path)))
    .limit(1);
  return row;
}

/**
 * The live operators a charge point of `operatorPath` is published by when they publish: its own
 * operator and every one above it (as the publication reads them: by path prefix).
 */
export function publishingOperators(tx: Tx, operatorPath: string) {
  return tx
    .select({ id: operators.id, publishOpenData: operators.publishOpenData })
    .from(operators)
    .where(and(isNull(operators.archivedAt), sql`${operatorPath} LIKE ${operators.path} || '%'`));
}

/** The invited and registered partners of the actor's reach, with their chosen tariffs. */
export function livePartnersInReach(tx: Tx, actor: Actor) {
  return tx
    .select({
      id: roamingPartners.id,
      name: roamingPartners.name,
      state: roamingPartners.state,
      countryCode: roamingPartners.countryCode,
      partyId: roamingPartners.partyId,
      publishedOperatorIds: roamingPartners.publishedOperatorIds,
      tariffName: tariffs.name,
    })
    .from(roamingPartners)
    .innerJoin(operators, eq(operators.id, roamingPartners.operatorId))
    .leftJoin(tariffs, eq(tariffs.id, roamingPartners.tariffId))
    .where(and(inArray(roamingPartners.state, ['invited', 'registered']), inScope(actor, operators.path)))
    .orderBy(asc(roamingPartners.name), asc(roamingPartners.id))
    .limit(1000);
}
