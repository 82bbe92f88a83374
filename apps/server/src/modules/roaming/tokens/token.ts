import { z } from 'zod';

/** OCPI 2.2.1 Token types (§12.4.4 TokenType). */
export const TOKEN_TYPES = ['AD_HOC_USER', 'APP_USER', 'OTHER', 'RFID'] as const;
/** OCPI 2.2.1 WhitelistType (§12.4.5): how far a CPO may trust a cached token. */
export const WHITELIST_TYPES = ['ALWAYS', 'ALLOWED', 'ALLOWED_OFFLINE', 'NEVER'] as const;
/** OCPI 2.2.1 AllowedType (§12.4.1): the eMSP's answer to a real-time authorization. */
export const ALLOWED_TYPES = ['ALLOWED', 'BLOCKED', 'EXPIRED', 'NO_CREDIT', 'NOT_ALLOWED'] as const;

/** OCPI CiString(max): a non-empty string of at most `max` characters. */
export const cistring = (max: number) => z.string().min(1).max(max);
/** OCPI DateTime (§16.2): ISO 8601, UTC. */
export const dateTime = z
  .string()
  .max(25)
  .refine((s) => /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z?$/.test(s) && !Number.isNaN(Date.parse(s)), {
    message: 'not an OCPI DateTime',
  });

/** OCPI 2.2.1 Token object (§12.3.2), as an eMSP sends it. */
export const OcpiTokenSchema = z.object({
  country_code: cistring(2),
  party_id: cistring(3),
  uid: cistring(36),
  type: z.enum(TOKEN_TYPES),
  contract_id: cistring(36),
  visual_number: z.string().max(64).optional().nullable(),
  issuer: z.string().max(64),
  group_id: z.string().max(36).optional().nullable(),
  valid: z.boolean(),
  whitelist: z.enum(WHITELIST_TYPES),
  language: z.string().length(2).optional().nullable(),
  default_profile_type: z.enum(['CHEAP', 'FAST', 'GREEN', 'REGULAR']).optional().nullable(),
  energy_contract: z
    .object({ supplier_name: z.string().max(64), contract_id: z.string().max(64).optional().nullable() })
    .optional()
    .nullable(),
  last_updated: dateTime,
});
export type OcpiToken = z.infer<typeof OcpiTokenSchema>;
