import type { Db } from '../../db/client.js';
import { toOcpiConnector } from './ocpi-objects/connectors.js';
import { toOcpiEvse, toOcpiLocation } from './ocpi-objects/locations.js';
import {
  publishedLocation,
  publishedLocations,
  publishedLocationsOf,
  publishedTariffs,
} from './ocpi-objects/publication.repository.js';
import { toOcpiTariff } from './ocpi-objects/tariffs.js';
import type { CpoIdentity } from './ocpi-objects/types.js';
import type { OcpiSenderModule } from './ocpi.routes.js';
import type { PushCatalog } from './push/pusher.js';
import type { StatusRef } from './push/push.repository.js';
import type { PartnerRow } from './roaming.repository.js';

/** Objects a push reads at most in one query. */
const PUSH_PAGE = 500;

/**
 * What each roaming partner is shown (issue #31): the charge points of the operators published to
 * it, as OCPI Locations, and the tariffs they bill by (or the partner's chosen one), both for the
 * partner's pulls (the Locations and Tariffs sender modules) and for Voltline's pushes.
 */
export class RoamingCatalog implements PushCatalog {
  constructor(
    private readonly db: Db,
    private readonly identity: CpoIdentity,
  ) {}

  private options(partner: PartnerRow) {
    return { tariffId: partner.tariffId };
  }

  /** The Locations module, sender (8.2.1): pages by last_updated, and a Location, EVSE or Connector. */
  locations(): OcpiSenderModule {
    return {
      identifier: 'locations',
      list: async ({ partner }, page) => {
        const { rows, total } = await publishedLocations(this.db, {
          operatorIds: partner.publishedOperatorIds,
          ...(page.dateFrom ? { dateFrom: page.dateFrom } : {}),
          ...(page.dateTo ? { dateTo: page.dateTo } : {}),
          offset: page.offset,
          limit: page.limit,
        });
        return { items: rows.map((r) => toOcpiLocation(this.identity, r, this.options(partner))), total };
      },
      one: async ({ partner }, [locationId, evseUid, connectorId]) => {
        const row = await publishedLocation(this.db, partner.publishedOperatorIds, locationId ?? '');
        if (!row) return null;
        if (evseUid === undefined) return toOcpiLocation(this.identity, row, this.options(partner));
        const connector = row.connectors.find((c) => String(c.id) === evseUid);
        if (!connector) return null;
        if (connectorId === undefined)
          return toOcpiEvse(this.identity, row.chargePoint, connector, this.options(partner));
        // Each EVSE has one connector, whose id is "1".
        return connectorId === '1'
          ? toOcpiConnector(row.chargePoint, connector, this.options(partner))
          : null;
      },
    };
  }

  /** The Tariffs module, sender (11.2.1): pages by last_updated. */
  tariffs(): OcpiSenderModule {
    return {
      identifier: 'tariffs',
      list: async ({ partner }, page) => {
        const { rows, total } = await publishedTariffs(this.db, {
          operatorIds: partner.publishedOperatorIds,
          tariffId: partner.tariffId,
          ...(page.dateFrom ? { dateFrom: page.dateFrom } : {}),
          ...(page.dateTo ? { dateTo: page.dateTo } : {}),
          offset: page.offset,
          limit: page.limit,
        });
        return { items: rows.map((r) => toOcpiTariff(this.identity, r)), total };
      },
    };
  }

  async tariffsChanged(partner: PartnerRow, since: Date | null) {
    const out: { id: string; object: unknown }[] = [];
    for (let offset = 0; ; offset += PUSH_PAGE) {
      const { rows } = await publishedTariffs(this.db, {
        operatorIds: partner.publishedOperatorIds,
        tariffId: partner.tariffId,
        ...(since ? { dateFrom: since } : {}),
        offset,
        limit: PUSH_PAGE,
      });
      out.push(...rows.map((r) => ({ id: String(r.id), object: toOcpiTariff(this.identity, r) })));
      if (rows.length < PUSH_PAGE) return out;
    }
  }

  async locationsChanged(partner: PartnerRow, since: Date | null) {
    const out: { id: string; object: unknown }[] = [];
    for (let offset = 0; ; offset += PUSH_PAGE) {
      const { rows } = await publishedLocations(this.db, {
        operatorIds: partner.publishedOperatorIds,
        ...(since ? { dataChangedFrom: since } : {}),
        offset,
        limit: PUSH_PAGE,
      });
      out.push(
        ...rows.map((r) => ({
          id: String(r.chargePoint.id),
          object: toOcpiLocation(this.identity, r, this.options(partner)),
        })),
      );
      if (rows.length < PUSH_PAGE) return out;
    }
  }

  async evseStatuses(partner: PartnerRow, refs: StatusRef[]) {
    const ids = [...new Set(refs.map((r) => r.chargePointId))];
    const rows = await publishedLocationsOf(this.db, partner.publishedOperatorIds, ids);
    const wanted = (cp: number, connector: number) =>
      refs.some((r) => r.chargePointId === cp && (r.connectorId === null || r.connectorId === connector));
    return rows.flatMap((row) =>
      row.connectors
        .filter((c) => wanted(row.chargePoint.id, c.connectorId))
        .map((c) => {
          const evse = toOcpiEvse(this.identity, row.chargePoint, c, this.options(partner));
          return {
            locationId: String(row.chargePoint.id),
            evseUid: evse.uid,
            status: evse.status,
            lastUpdated: evse.last_updated,
          };
        }),
    );
  }
}
