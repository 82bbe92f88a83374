import { z } from 'zod';

/** The kinds of record the portal's global search finds (issue #34), in the order it shows them. */
export const SEARCH_KINDS = ['chargePoint', 'driver', 'card', 'user', 'session', 'operator'] as const;
export type SearchKind = (typeof SEARCH_KINDS)[number];

/** At most this many hits of each kind. */
export const SEARCH_LIMIT_PER_KIND = 5;

export const SearchQuery = z.object({ q: z.string().trim().min(2).max(100) });
export type SearchQuery = z.infer<typeof SearchQuery>;

export const SearchHit = z.object({
  kind: z.enum(SEARCH_KINDS),
  /** The record's number, to open its page (a card opens its driver's). */
  id: z.number().int(),
  /** What the user reads first: the charge point id, the person's name, the card number... */
  title: z.string(),
  /** A second line: e-mail, operator, charge point of a session... */
  detail: z.string().nullable(),
  /** The page to open, for a card its driver's. */
  targetId: z.number().int(),
});
export type SearchHit = z.infer<typeof SearchHit>;

export const SearchResult = z.object({ hits: z.array(SearchHit) });
export type SearchResult = z.infer<typeof SearchResult>;
