import { z } from 'zod';
import { Email, IsoDate, OptionalText, Text } from './common.js';
import { VatRate } from './tariff-components.js';

/** The slice of an operator the foundation needs (lookups, pickers); issue-level screens extend it. */
export const OperatorSummary = z.object({
  id: z.number().int(),
  name: z.string(),
  parentId: z.number().int().nullable(),
  archived: z.boolean(),
});
export type OperatorSummary = z.infer<typeof OperatorSummary>;

/** Turkish tax number of a company (VKN): 10 digits, the last one a check digit. */
export function isValidVkn(v: string): boolean {
  if (!/^\d{10}$/.test(v)) return false;
  let sum = 0;
  for (let i = 0; i < 9; i++) {
    const tmp = (Number(v[i]) + 9 - i) % 10;
    let d = (tmp * 2 ** (9 - i)) % 9;
    if (tmp !== 0 && d === 0) d = 9;
    sum += d;
  }
  return (10 - (sum % 10)) % 10 === Number(v[9]);
}

/** Turkish identity number (TCKN), the tax number of a sole trader: 11 digits, two check digits. */
export function isValidTckn(v: string): boolean {
  if (!/^[1-9]\d{10}$/.test(v)) return false;
  const d = [...v].map(Number) as [number, ...number[]];
  const at = (i: number) => d[i] ?? 0;
  const odd = at(0) + at(2) + at(4) + at(6) + at(8);
  const even = at(1) + at(3) + at(5) + at(7);
  const tenth = (((odd * 7 - even) % 10) + 10) % 10;
  if (tenth !== at(9)) return false;
  const sum = d.slice(0, 10).reduce((a, b) => a + b, 0);
  return sum % 10 === at(10);
}

/** ISO 13616 IBAN: country, check digits, account; the mod-97 of the rearranged number is 1. */
export function isValidIban(raw: string): boolean {
  const iban = raw.replace(/\s+/g, '').toUpperCase();
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(iban)) return false;
  if (iban.startsWith('TR') && iban.length !== 26) return false;
  const rearranged = iban.slice(4) + iban.slice(0, 4);
  let rest = 0;
  for (const ch of rearranged) {
    const n = ch >= 'A' ? String(ch.charCodeAt(0) - 55) : ch;
    for (const digit of n) rest = (rest * 10 + Number(digit)) % 97;
  }
  return rest === 1;
}

export const TaxId = z
  .string()
  .trim()
  .refine((v) => (v.length === 11 ? isValidTckn(v) : isValidVkn(v)), { message: 'operator.taxIdInvalid' });
export const Iban = z
  .string()
  .transform((v) => v.replace(/\s+/g, '').toUpperCase())
  .refine(isValidIban, { message: 'operator.ibanInvalid' });

/** The legal entity paid for the operator's charging; saved with the operator in one transaction. */
export const MerchantInput = z.object({
  legalName: Text(200),
  /** VKN (10 digits) or TCKN (11 digits), check digits verified. */
  taxId: TaxId,
  taxOffice: OptionalText(80),
  /** Spaces allowed on input; stored and returned without them, upper case. */
  iban: Iban,
  addressLine1: Text(200),
  addressLine2: OptionalText(200),
  city: Text(80),
  /** ISO 3166-1 alpha-2. */
  country: z
    .string()
    .trim()
    .toUpperCase()
    .regex(/^[A-Z]{2}$/, { message: 'operator.countryInvalid' }),
  zipCode: OptionalText(16),
  contactName: Text(120),
  contactEmail: Email,
  contactPhone: OptionalText(32),
});
export type MerchantInput = z.input<typeof MerchantInput>;

export const Merchant = z.object({
  legalName: z.string(),
  taxId: z.string(),
  taxOffice: z.string().nullable(),
  iban: z.string(),
  addressLine1: z.string(),
  addressLine2: z.string().nullable(),
  city: z.string(),
  country: z.string(),
  zipCode: z.string().nullable(),
  contactName: z.string(),
  contactEmail: z.string(),
  contactPhone: z.string().nullable(),
});
export type Merchant = z.infer<typeof Merchant>;

/** Every field of spec §3's operator. */
export const Operator = z.object({
  id: z.number().int(),
  name: z.string(),
  parentId: z.number().int().nullable(),
  parentName: z.string().nullable(),
  email: z.string().nullable(),
  supportEmail: z.string().nullable(),
  phone: z.string().nullable(),
  /** Seconds; sent to the operator's chargers in the BootNotification answer. */
  heartbeatInterval: z.number().int(),
  /** Prepaid drivers need minBalance (minor units) on their balance to start charging. */
  prepaid: z.boolean(),
  minBalance: z.number().int(),
  role: z.string().nullable(),
  /**
   * Kept for compatibility; it has no effect. Unknown chargers are never placed in an operator: they
   * are held at the installation level for an Admin to approve (OCPP_PENDING_CHARGERS, docs/operations.md).
   */
  autoRegisterChargePoints: z.boolean(),
  /** VAT in basis points (2000 is 20 %), applied to the prices of the operator's tariffs. */
  vatRate: z.number().int(),
  /** Whether the operator's tariff prices are stated including VAT (the driver pays them as stated). */
  pricesIncludeVat: z.boolean(),
  /** IANA time zone of the operator's charge points: tariff time and day restrictions are read in it. */
  timeZone: z.string(),
  /**
   * Minor units held on a stranger's card before an ad-hoc charge starts (issue #30); only the
   * session's cost is captured, the rest released.
   */
  adhocHoldAmount: z.number().int(),
  /**
   * Open data (EU AFIR Art. 20): the operator's charge points (and its sub-operators') with their
   * tariffs are published, unauthenticated, at /api/public/locations and /api/public/tariffs.
   */
  publishOpenData: z.boolean(),
  archived: z.boolean(),
  archivedAt: IsoDate.nullable(),
  createdAt: IsoDate,
  updatedAt: IsoDate,
});
export type Operator = z.infer<typeof Operator>;

/** GET portal/operator/{id}: the operator with its merchant (null when none was saved yet). */
export const OperatorDetail = Operator.extend({ merchant: Merchant.nullable() });
export type OperatorDetail = z.infer<typeof OperatorDetail>;

export type OperatorTreeNode = Operator & { subOperators?: OperatorTreeNode[] };
/** GET portal/operator/suboperators: `subOperators` is left out when an operator has none (spec §3). */
export const OperatorTreeNode: z.ZodType<OperatorTreeNode> = Operator.extend({
  get subOperators() {
    return z.array(OperatorTreeNode).optional();
  },
});

/** An IANA time zone this runtime knows (Europe/Istanbul). */
const TimeZone = z
  .string()
  .max(64)
  .refine(
    (tz) => {
      try {
        new Intl.DateTimeFormat('en', { timeZone: tz });
        return true;
      } catch {
        return false;
      }
    },
    { message: 'operator.timeZone' },
  );

const operatorFields = {
  name: Text(120),
  email: Email.nullish(),
  supportEmail: Email.nullish(),
  phone: OptionalText(32),
  heartbeatInterval: z.number().int().min(10).max(86_400),
  prepaid: z.boolean(),
  minBalance: z.number().int().min(0).max(100_000_000),
  role: OptionalText(60),
  autoRegisterChargePoints: z.boolean(),
  vatRate: VatRate,
  pricesIncludeVat: z.boolean(),
  timeZone: TimeZone,
  adhocHoldAmount: z.number().int().min(100).max(10_000_000),
  publishOpenData: z.boolean(),
};

/**
 * POST portal/operator/AddOperatorWithMerchantAsync. parentId: an operator in the caller's reach;
 * only Admin may create a top-level operator (parentId null).
 */
export const CreateOperatorBody = z.object({
  ...operatorFields,
  parentId: z.number().int().positive().nullable(),
  heartbeatInterval: operatorFields.heartbeatInterval.default(300),
  prepaid: operatorFields.prepaid.default(false),
  minBalance: operatorFields.minBalance.default(0),
  autoRegisterChargePoints: operatorFields.autoRegisterChargePoints.default(false),
  vatRate: operatorFields.vatRate.default(2000),
  pricesIncludeVat: operatorFields.pricesIncludeVat.default(true),
  timeZone: operatorFields.timeZone.default('Europe/Istanbul'),
  adhocHoldAmount: operatorFields.adhocHoldAmount.default(50_000),
  publishOpenData: operatorFields.publishOpenData.default(false),
  merchant: MerchantInput,
});
export type CreateOperatorBody = z.input<typeof CreateOperatorBody>;

/**
 * PUT portal/operator/UpdateOperatorWithMerchantAsync: the fields given are changed; `merchant`,
 * when given, replaces the saved merchant. A new parentId moves the operator with its subtree.
 */
export const UpdateOperatorBody = z.object({
  id: z.number().int().positive(),
  name: operatorFields.name.optional(),
  email: operatorFields.email,
  supportEmail: operatorFields.supportEmail,
  phone: operatorFields.phone.optional(),
  heartbeatInterval: operatorFields.heartbeatInterval.optional(),
  prepaid: operatorFields.prepaid.optional(),
  minBalance: operatorFields.minBalance.optional(),
  role: operatorFields.role.optional(),
  autoRegisterChargePoints: operatorFields.autoRegisterChargePoints.optional(),
  vatRate: operatorFields.vatRate.optional(),
  pricesIncludeVat: operatorFields.pricesIncludeVat.optional(),
  timeZone: operatorFields.timeZone.optional(),
  adhocHoldAmount: operatorFields.adhocHoldAmount.optional(),
  publishOpenData: operatorFields.publishOpenData.optional(),
  parentId: z.number().int().positive().nullable().optional(),
  merchant: MerchantInput.optional(),
});
export type UpdateOperatorBody = z.input<typeof UpdateOperatorBody>;
