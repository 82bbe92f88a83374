import { z } from 'zod';

/** Receipts of billed sessions and drivers' monthly statements (issue #30). */
export const RECEIPT_API = {
  /** GET: a billed session's receipt (PDF), in the caller's language; 409 while it has no bill. */
  session: (id: number | string) => `portal/Transaction/${id}/receipt`,
  /** GET ?month=YYYY-MM&format=pdf|xlsx: a driver's billed sessions of one month. */
  statement: (driverId: number | string) => `portal/Driver/${driverId}/statement`,
} as const;

export const STATEMENT_FORMATS = ['pdf', 'xlsx'] as const;
export type StatementFormat = (typeof STATEMENT_FORMATS)[number];

export const StatementQuery = z.object({
  month: z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, { message: 'statement.month' }),
  format: z.enum(STATEMENT_FORMATS).default('pdf'),
});
export type StatementQuery = z.input<typeof StatementQuery>;
