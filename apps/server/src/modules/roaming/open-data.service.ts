import { and, eq, isNull } from 'drizzle-orm';
import type { Db } from '../../db/client.js';
import { operators } from '../../db/schema/index.js';
import { AppError } from '../../lib/errors.js';
import { toOcpiLocation } from './ocpi-objects/locations.js';
import {
  publishedLocation,
  publishedLocations,
  publishedTariffs,
} from './ocpi-objects/publication.repository.js';
import { toOcpiTariff } from './ocpi-objects/tariffs.js';
import type { CpoIdentity, Location, Tariff } from './ocpi-objects/types.js';

/** The most objects one page of the public routes holds. */
export const OPEN_DATA_MAX_LIMIT = 100;

export interface OpenDataQuery {
  offset: number;
  limit: number;
  dateFrom?: Date;
  dateTo?: Date;
}

export interface OpenDataPage<T> {
  items: T[];
  total: number;
  offset: number;
  limit: number;
}

/**
 * Open data (EU AFIR Art. 20): the charge points of every operator that chose to publish
 * (`publish_open_data`) and of the operators below it, with their tariffs, in OCPI 2.2.1 shapes.
 * Nothing of an operator that did not choose to publish is ever read.
 */
export class OpenDataService {
  constructor(
    private readonly db: Db,
    readonly identity: CpoIdentity,
    /** Voltline's public address (PUBLIC_URL): the next page's Link is given under it. */
    readonly publicUrl: string,
    /** Requests one address may make to the public routes a minute (OPEN_DATA_RATE_LIMIT_PER_MINUTE). */
    readonly rateLimitPerMinute = 120,
  ) {}

  private async publishers(): Promise<number[]> {
    const rows = await this.db
      .select({ id: operators.id })
      .from(operators)
      .where(and(eq(operators.publishOpenData, true), isNull(operators.archivedAt)));
    return rows.map((r) => r.id);
  }

  async locations(q: OpenDataQuery): Promise<OpenDataPage<Location>> {
    const limit = Math.min(q.limit, OPEN_DATA_MAX_LIMIT);
    const page = await publishedLocations(this.db, { ...q, limit, operatorIds: await this.publishers() });
    return {
      items: page.rows.map((r) => toOcpiLocation(this.identity, r)),
      total: page.total,
      offset: q.offset,
      limit,
    };
  }

  async location(id: string): Promise<Location> {
    const row = await publishedLocation(this.db, await this.publishers(), id);
    if (!row) throw new AppError(404, 'openData.locationNotFound');
    return toOcpiLocation(this.identity, row);
  }

  async tariffs(q: OpenDataQuery): Promise<OpenDataPage<Tariff>> {
    const limit = Math.min(q.limit, OPEN_DATA_MAX_LIMIT);
    const page = await publishedTariffs(this.db, { ...q, limit, operatorIds: await this.publishers() });
    return {
      items: page.rows.map((r) => toOcpiTariff(this.identity, r)),
      total: page.total,
      offset: q.offset,
      limit,
    };
  }
}
