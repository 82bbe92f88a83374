import { z } from 'zod';
import { Email, IsoDate, OptionalText, SortOrder, Text, IsoTime } from './common.js';
import { NewPassword } from './auth.js';

export const DRIVER_STATUSES = ['active', 'blocked', 'suspended'] as const;
/** active: may charge; blocked and suspended: every card of the driver is refused by Authorize. */
export const DriverStatus = z.enum(DRIVER_STATUSES);
export type DriverStatus = z.infer<typeof DriverStatus>;

export const SOCKET_TYPES = [
  'Type1',
  'Type2',
  'CCS1',
  'CCS2',
  'CHAdeMO',
  'GB/T',
  'Tesla',
  'NACS',
  'Schuko',
] as const;
export const SocketType = z.enum(SOCKET_TYPES);
export type SocketType = z.infer<typeof SocketType>;

/** Card status as stored; `archived` and `expired` on RfidCard are derived. */
export const RfidCardStatus = z.enum(['active', 'blocked']);
export type RfidCardStatus = z.infer<typeof RfidCardStatus>;

/** adjustment: staff correction; topup: money in; charge: cost of a charging session; refund: money back. */
export const BALANCE_ENTRY_KINDS = ['adjustment', 'topup', 'charge', 'refund'] as const;
export const BalanceEntryKind = z.enum(BALANCE_ENTRY_KINDS);
export type BalanceEntryKind = z.infer<typeof BalanceEntryKind>;

/**
 * A vehicle identification number: 17 characters, digits and capitals without I, O and Q.
 * The check digit (position 9) is only mandatory in North America, so it is not enforced.
 */
export const VIN_PATTERN = /^[A-HJ-NPR-Z0-9]{17}$/;
export const Vin = z.string().trim().toUpperCase().regex(VIN_PATTERN, { message: 'driver.vinInvalid' });

/** An RFID card number is the OCPP idTag: 1–20 printable ASCII characters, no spaces. */
export const ID_TAG_PATTERN = /^[\x21-\x7E]{1,20}$/;
export const IdTag = z.string().trim().regex(ID_TAG_PATTERN, { message: 'driver.cardNumberInvalid' });
/**
 * A card's group (OCPP 2.0.1 groupIdToken, 1.6 parentIdTag): a word shared by the cards of a fleet
 * or a family, an idTag itself (1–20 printable characters, no spaces, as 1.6 allows). Empty: none.
 */
export const GroupIdToken = z
  .string()
  .trim()
  .regex(/^(?:[\x21-\x7E]{1,20})?$/, { message: 'driver.groupIdTokenInvalid' })
  .nullish()
  .transform((v) => (v === '' ? null : v));

/** Money in minor units (kuruş, cents). */
export const Amount = z.number().int();
const MAX_AMOUNT = 100_000_000;

// ---- Entities ---------------------------------------------------------------------------

export const DriverAddress = z.object({
  id: z.number().int(),
  driverId: z.number().int(),
  title: z.string(),
  line1: z.string(),
  line2: z.string().nullable(),
  city: z.string(),
  country: z.string(),
  zipCode: z.string().nullable(),
  createdAt: IsoDate,
  updatedAt: IsoDate,
});
export type DriverAddress = z.infer<typeof DriverAddress>;

export const DriverVehicle = z.object({
  id: z.number().int(),
  driverId: z.number().int(),
  name: z.string(),
  model: z.string().nullable(),
  year: z.number().int().nullable(),
  socketType: SocketType,
  vin: z.string().nullable(),
  createdAt: IsoDate,
  updatedAt: IsoDate,
});
export type DriverVehicle = z.infer<typeof DriverVehicle>;

export const RfidCard = z.object({
  id: z.number().int(),
  driverId: z.number().int(),
  name: z.string().nullable(),
  number: z.string(),
  expiresAt: IsoDate.nullable(),
  status: RfidCardStatus,
  /** The card's group: a card of the same group may stop its sessions (null: none). */
  groupIdToken: z.string().nullable(),
  archived: z.boolean(),
  archivedAt: IsoDate.nullable(),
  /** expiresAt is in the past. */
  expired: z.boolean(),
  createdAt: IsoDate,
});
export type RfidCard = z.infer<typeof RfidCard>;

/** A driver as lists show it. */
export const Driver = z.object({
  id: z.number().int(),
  name: z.string(),
  surname: z.string(),
  email: z.string().nullable(),
  phone: z.string().nullable(),
  status: DriverStatus,
  /** Minor units; always the sum of the driver's balance entries. */
  balance: z.number().int(),
  currency: z.string(),
  operatorId: z.number().int(),
  operatorName: z.string(),
  /** Cards that are not archived. */
  cardCount: z.number().int(),
  /** Charging sessions running on the driver's account; deleting is refused while there is one. */
  activeSessions: z.number().int(),
  createdAt: IsoDate,
  updatedAt: IsoDate,
});
export type Driver = z.infer<typeof Driver>;

/** GET portal/driver/{id}: the driver with addresses, vehicles and every card (archived too). */
export const DriverDetail = Driver.extend({
  addresses: z.array(DriverAddress),
  vehicles: z.array(DriverVehicle),
  rfidCards: z.array(RfidCard),
});
export type DriverDetail = z.infer<typeof DriverDetail>;

export const BalanceEntry = z.object({
  id: z.number().int(),
  driverId: z.number().int(),
  /** Minor units, positive (credit) or negative (debit). */
  amount: z.number().int(),
  kind: BalanceEntryKind,
  reason: z.string().nullable(),
  reference: z.string().nullable(),
  balanceAfter: z.number().int(),
  userId: z.number().int().nullable(),
  userEmail: z.string().nullable(),
  createdAt: IsoDate,
});
export type BalanceEntry = z.infer<typeof BalanceEntry>;

export const DriverStatusChange = z.object({
  id: z.number().int(),
  driverId: z.number().int(),
  fromStatus: DriverStatus,
  toStatus: DriverStatus,
  reason: z.string(),
  userId: z.number().int().nullable(),
  userEmail: z.string().nullable(),
  createdAt: IsoDate,
});
export type DriverStatusChange = z.infer<typeof DriverStatusChange>;

// ---- Requests ---------------------------------------------------------------------------

const addressFields = {
  title: Text(60),
  line1: Text(200),
  line2: OptionalText(200),
  city: Text(80),
  /** ISO 3166-1 alpha-2, e.g. TR. */
  country: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/, { message: 'driver.countryInvalid' }),
  zipCode: OptionalText(16),
};
export const AddressInput = z.object(addressFields);
export type AddressInput = z.input<typeof AddressInput>;

const vehicleFields = {
  name: Text(80),
  model: OptionalText(80),
  year: z.number().int().min(1990).max(2100).nullish(),
  socketType: SocketType,
  vin: Vin.nullish(),
};
export const VehicleInput = z.object(vehicleFields);
export type VehicleInput = z.input<typeof VehicleInput>;

export const RfidCardInput = z.object({
  name: OptionalText(80),
  number: IdTag,
  expiresAt: IsoTime.nullish(),
  status: RfidCardStatus.default('active'),
  groupIdToken: GroupIdToken,
});
export type RfidCardInput = z.input<typeof RfidCardInput>;

/** POST portal/Driver. Addresses, vehicles and cards may be given at once; status starts active. */
export const CreateDriverBody = z.object({
  name: Text(80),
  surname: Text(80),
  email: Email.nullish(),
  phone: OptionalText(32),
  operatorId: z.number().int().positive(),
  /** For the driver app; optional. */
  password: NewPassword.optional(),
  currency: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{3}$/)
    .default('TRY'),
  addresses: z.array(AddressInput).max(10).default([]),
  vehicles: z.array(VehicleInput).max(10).default([]),
  rfidCards: z.array(RfidCardInput).max(20).default([]),
});
export type CreateDriverBody = z.input<typeof CreateDriverBody>;

/** PUT portal/driver. Status changes go through manageStatus and balance through POST balance. */
export const UpdateDriverBody = z.object({
  id: z.number().int().positive(),
  name: Text(80).optional(),
  surname: Text(80).optional(),
  email: Email.nullish(),
  phone: OptionalText(32).optional(),
  operatorId: z.number().int().positive().optional(),
  password: NewPassword.optional(),
});
export type UpdateDriverBody = z.input<typeof UpdateDriverBody>;

/** POST portal/driver/addresses */
export const AddAddressBody = AddressInput.extend({ driverId: z.number().int().positive() });
export type AddAddressBody = z.input<typeof AddAddressBody>;
/** PUT portal/driver/address: the fields given are changed. */
export const UpdateAddressBody = AddressInput.partial().extend({ id: z.number().int().positive() });
export type UpdateAddressBody = z.input<typeof UpdateAddressBody>;

/** POST portal/driver/vehicles */
export const AddVehicleBody = VehicleInput.extend({ driverId: z.number().int().positive() });
export type AddVehicleBody = z.input<typeof AddVehicleBody>;
/** PUT portal/driver/vehicle: the fields given are changed. */
export const UpdateVehicleBody = VehicleInput.partial().extend({ id: z.number().int().positive() });
export type UpdateVehicleBody = z.input<typeof UpdateVehicleBody>;

/** POST portal/driver/RFIDCards */
export const AddRfidCardBody = RfidCardInput.extend({ driverId: z.number().int().positive() });
export type AddRfidCardBody = z.input<typeof AddRfidCardBody>;
/** PUT portal/driver/RFIDCards: rename, change expiry or group, block or unblock a card. */
export const UpdateRfidCardBody = z.object({
  id: z.number().int().positive(),
  name: OptionalText(80).optional(),
  expiresAt: IsoTime.nullish(),
  status: RfidCardStatus.optional(),
  /** null or empty: the card leaves its group. */
  groupIdToken: GroupIdToken,
});
export type UpdateRfidCardBody = z.input<typeof UpdateRfidCardBody>;

/** Kinds staff may post by hand; `charge` entries come from billing only. */
export const ManualBalanceKind = z.enum(['adjustment', 'topup', 'refund']);

/**
 * POST portal/driver/balance: one ledger entry. A debit that would take the balance below zero is
 * refused. `reference` makes the call idempotent: the same reference again returns the first entry.
 */
export const BalanceAdjustmentBody = z.object({
  driverId: z.number().int().positive(),
  amount: Amount.min(-MAX_AMOUNT)
    .max(MAX_AMOUNT)
    .refine((v) => v !== 0, { message: 'driver.amountZero' }),
  kind: ManualBalanceKind.default('adjustment'),
  reason: Text(300),
  reference: z.string().trim().min(1).max(100).optional(),
});
export type BalanceAdjustmentBody = z.input<typeof BalanceAdjustmentBody>;

/** POST portal/driver/manageStatus */
export const ManageStatusBody = z.object({
  driverId: z.number().int().positive(),
  status: DriverStatus,
  reason: Text(500),
});
export type ManageStatusBody = z.input<typeof ManageStatusBody>;

export const DriverSort = z.enum(['id', 'name', 'surname', 'email', 'balance', 'status', 'createdAt']);

/** Filter body of GetDriversDynamic / GetDriversExcel. */
export const DriverFilter = z.object({
  /** Matches name, surname, e-mail, phone or a card number. */
  search: z.string().trim().max(100).optional(),
  /** The operator and every operator below it. */
  operatorId: z.number().int().positive().optional(),
  status: DriverStatus.optional(),
  /** true: at least one card that is not archived; false: none. */
  hasCard: z.boolean().optional(),
  /** Minor units, inclusive. */
  balanceMin: Amount.optional(),
  balanceMax: Amount.optional(),
  createdFrom: IsoTime.optional(),
  createdTo: IsoTime.optional(),
  sortBy: DriverSort.default('id'),
  sortOrder: SortOrder.default('asc'),
  /** Only these drivers: a selection's export. */
  ids: z.array(z.number().int().positive().max(2_147_483_647)).max(1000).optional(),
});
export type DriverFilter = z.input<typeof DriverFilter>;

/** Query of GET portal/driver/{id}/balance. */
export const BalanceLedgerQuery = z.object({
  index: z.coerce.number().int().min(0).default(0),
  size: z.coerce.number().int().min(1).max(100).default(10),
  kind: BalanceEntryKind.optional(),
});
export type BalanceLedgerQuery = z.input<typeof BalanceLedgerQuery>;
