import type {
  ChargePointPublication,
  ChargePointUnpublishedReason,
  RoamingPartnerState,
} from '@voltline/contract';
import type { Db } from '../../db/client.js';
import type { Ctx } from '../../lib/context.js';
import { notFound } from '../../lib/errors.js';
import {
  chargePointForPublication,
  livePartnersInReach,
  publishingOperators,
} from './publication.repository.js';

/**
 * Whether a charge point is published and to whom (issue #31), for its page: by the same rules as
 * the OCPI publication (ocpi-objects/publication.repository.ts) and open data.
 */
export class ChargePointPublicationService {
  constructor(private readonly db: Db) {}

  async of(ctx: Ctx, chargePointId: number): Promise<ChargePointPublication> {
    const cp = await chargePointForPublication(this.db, ctx.actor, chargePointId);
    if (!cp) throw notFound('chargePoint');
    const missing: ChargePointUnpublishedReason[] = [];
    if (cp.registrationStatus !== 'accepted') missing.push('notAccepted');
    if (cp.archivedAt || cp.operatorArchivedAt) missing.push('archived');
    if (cp.latitude === null || cp.longitude === null) missing.push('noCoordinates');

    const publishers = await publishingOperators(this.db, cp.operatorPath);
    const publisherIds = new Set(publishers.map((o) => o.id));
    const partners = (await livePartnersInReach(this.db, ctx.actor))
      .filter((p) => p.publishedOperatorIds.some((id) => publisherIds.has(id)))
      .map((p) => ({
        id: p.id,
        name: p.name,
        state: p.state as RoamingPartnerState,
        countryCode: p.countryCode,
        partyId: p.partyId,
        tariffName: p.tariffName,
      }));
    return { openData: publishers.some((o) => o.publishOpenData), missing, partners };
  }
}
