/** The rows of Voltline's network the OCPI objects are made of (the publication repository loads them). */

/** The charge point's columns a Location is made of. */
export interface PublishedChargePoint {
  id: number;
  name: string;
  latitude: number | null;
  longitude: number | null;
  addressLine1: string | null;
  addressLine2: string | null;
  city: string | null;
  zipCode: string | null;
  countryCode: string | null;
  openingTime: string | null;
  closingTime: string | null;
  maxPower: number | null;
  powerUnit: string;
  /** Connector 0's OCPP status: the charger as a whole. */
  status: string | null;
  connected: boolean;
  statusAt: Date | null;
  lastConnectedAt: Date | null;
  lastDisconnectedAt: Date | null;
  updatedAt: Date;
}

/** A connector row (an EVSE) of a published charge point. */
export interface PublishedConnector {
  id: number;
  chargePointId: number;
  /** The OCPP connector number. */
  connectorId: number;
  connectorType: string | null;
  evseUid: string | null;
  /** W */
  maximumPower: number | null;
  /** Its tariff when one is set and not retired. */
  tariffId: number | null;
  /** OCPP status as last reported. */
  status: string;
  statusAt: Date | null;
  archivedAt: Date | null;
  createdAt: Date;
}

export interface PublishedLocationRow {
  chargePoint: PublishedChargePoint;
  operator: { id: number; name: string; timeZone: string };
  connectors: PublishedConnector[];
}

export interface LocationOptions {
  /** A partner's chosen tariff: every connector shows it instead of its own. */
  tariffId?: number | null;
}

/** The latest of some instants, as OCPI's DateTime (UTC with Z). */
export function latest(...dates: (Date | null | undefined)[]): string {
  let max = 0;
  for (const d of dates) if (d && d.getTime() > max) max = d.getTime();
  return new Date(max).toISOString();
}
