import { z } from 'zod';

import { LOCALES, MAX_PAGE_SIZE, PAGE_SIZE } from './constants.js';

export * from './constants.js';

export const Locale = z.enum(LOCALES);
export type Locale = z.infer<typeof Locale>;

/**
 * A time with its offset, between 1970 and 2199: dates at the ends of the calendar cannot be
 * stored or counted, and no charging happens there.
 */
export const IsoTime = z.iso.datetime({ offset: true }).refine(
  (v) => {
    const t = Date.parse(v);
    return t >= 0 && t < Date.UTC(2200, 0, 1);
  },
  { message: 'validation.dateRange' },
);

export const Id = z.coerce.number().int().positive().max(2_147_483_647);

/** Query of every `...Dynamic?index=N&size=10` call: index is zero-based. */
export const PageQuery = z.object({
  index: z.coerce.number().int().min(0).default(0),
  size: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(PAGE_SIZE),
});
export type PageQuery = z.infer<typeof PageQuery>;

export const SortOrder = z.enum(['asc', 'desc']);

export function page<T extends z.ZodType>(item: T) {
  return z.object({
    items: z.array(item),
    total: z.number().int(),
    index: z.number().int(),
    size: z.number().int(),
  });
}
export type Page<T> = { items: T[]; total: number; index: number; size: number };

/** Success envelope: `{ data, message? }`. */
/**
 * The success envelope. `refused`: the message reports that a charger refused what was asked
 * (a booking or command answered Rejected, Occupied...); the portal shows it as a refusal.
 */
export function ok<T extends z.ZodType>(data: T) {
  return z.object({ data, message: z.string().optional(), refused: z.boolean().optional() });
}
export type Ok<T> = { data: T; message?: string; refused?: boolean };

export const ErrorBody = z.object({
  error: z.string(),
  code: z.string().optional(),
  details: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
});
export type ErrorBody = z.infer<typeof ErrorBody>;

export const Empty = z.object({}).strict();
export const IsoDate = z.string();

/** Trimmed non-empty text with an upper bound. */
export const Text = (max: number) => z.string().trim().min(1).max(max);
export const OptionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .nullish()
    .transform((v) => (v === '' || v === undefined ? null : v));
export const Email = z.string().trim().toLowerCase().pipe(z.email().max(254));

/**
 * A charge point id is its OCPP identity and the last segment of its WebSocket URL, so it is kept
 * to characters that need no escaping: letters, digits, dot, dash and underscore, 1–48 long.
 */
export const CHARGE_POINT_ID_PATTERN = /^[A-Za-z0-9][A-Za-z0-9._-]{0,47}$/;
