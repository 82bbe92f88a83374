import type { Dayjs } from 'dayjs';
import type { ChargePoint, CONNECTOR_TYPES } from '@voltline/contract';

/** What the charge point add and edit form holds, shared by its field groups. */
export interface ChargePointFormValues {
  chargePointId?: string;
  /** Adding only: let Voltline generate the Basic-auth password, or give the charger's own. */
  passwordMode?: 'generate' | 'enter';
  password?: string;
  name: string;
  operatorId: number;
  brand?: string | null;
  model?: string | null;
  serialNumber?: string | null;
  firmwareVersion?: string | null;
  iccid?: string | null;
  imsi?: string | null;
  activationDate?: Dayjs | null;
  registrationStatus?: ChargePoint['registrationStatus'];
  connectorCount?: number;
  connectorType?: (typeof CONNECTOR_TYPES)[number];
  minPower?: number | null;
  maxPower?: number | null;
  powerUnit: ChargePoint['powerUnit'];
  openingTime?: string | null;
  closingTime?: string | null;
  countryCode?: string | null;
  city?: string | null;
  addressLine1?: string | null;
  addressLine2?: string | null;
  zipCode?: string | null;
  latitude?: number | null;
  longitude?: number | null;
  contactName?: string | null;
  contactPhone?: string | null;
  contactEmail?: string | null;
}
