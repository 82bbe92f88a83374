import type { AddressInput, RfidCardInput, VehicleInput } from '@voltline/contract';
import type { AddressValues, CardValues, VehicleValues } from './components/sub-fields';

const blankToNull = (v: string | null | undefined) => (v && v.trim() ? v.trim() : null);

export const addressBody = (v: AddressValues): AddressInput => ({
  ...v,
  line2: blankToNull(v.line2),
  zipCode: blankToNull(v.zipCode),
});

export const vehicleBody = (v: VehicleValues): VehicleInput => ({
  ...v,
  model: blankToNull(v.model),
  year: v.year ?? null,
  vin: blankToNull(v.vin),
});

/** A card expires at the end of the day picked, in the user's time zone. */
export const cardBody = (v: CardValues): RfidCardInput => ({
  number: v.number,
  name: blankToNull(v.name),
  status: v.status,
  expiresAt: v.expiresAt ? v.expiresAt.endOf('day').toISOString() : null,
  groupIdToken: blankToNull(v.groupIdToken),
});
