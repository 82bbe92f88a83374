import { randomUUID } from 'node:crypto';
import type { EmspContext } from './context.js';
import type { Client } from './transport.js';
import type { Answer, ModuleId, Obj } from './types.js';

/** The client of the peer's SENDER modules: a whole list pulled page by page, and a plain GET. */
export function createPull(ctx: EmspContext, client: Client) {
  const { problem } = ctx;
  const { send, expectSuccess, endpointOf } = client;

  /**
   * Pulls a whole list from the peer's SENDER endpoint of a module, following Link rel="next"
   * until there is none, checking the envelope and the pagination headers on each page.
   */
  async function pullAll<T = Obj>(
    module: ModuleId,
    opts: { dateFrom?: string; dateTo?: string; limit?: number; url?: string } = {},
  ) {
    let next: string | null = opts.url ?? endpointOf(module, 'SENDER');
    let query: Record<string, string | number | undefined> | undefined = {
      date_from: opts.dateFrom,
      date_to: opts.dateTo,
      limit: opts.limit,
    };
    const items: T[] = [];
    const pages: { url: string; count: number; totalCount: number | null; limit: number | null }[] = [];
    const correlationId = randomUUID();
    while (next) {
      if (pages.length > 1000) throw new Error('more than 1000 pages: a Link loop?');
      const a: Answer<T[]> = await send<T[]>('GET', next, undefined, { query, correlationId });
      const data = expectSuccess(`GET ${module} page ${pages.length + 1}`, a);
      if (!Array.isArray(data)) throw new Error(`GET ${module}: data is not a list`);
      const total = a.headers.get('x-total-count');
      const xLimit = a.headers.get('x-limit');
      if (total === null || !/^\d+$/.test(total))
        problem(
          `GET ${module}: no X-Total-Count ("HTTP headers that have to be added to any paginated GET response")`,
        );
      if (xLimit === null || !/^\d+$/.test(xLimit))
        problem(
          `GET ${module}: no X-Limit ("HTTP headers that have to be added to any paginated GET response")`,
        );
      if (xLimit !== null && data.length > Number(xLimit))
        problem(`GET ${module}: more objects than X-Limit`);
      if (opts.limit !== undefined && data.length > opts.limit)
        problem(`GET ${module}: more objects than the limit asked`);
      pages.push({
        url: next,
        count: data.length,
        totalCount: total === null ? null : Number(total),
        limit: xLimit === null ? null : Number(xLimit),
      });
      items.push(...data);
      const link = a.headers.get('link');
      const m = link ? /<([^>]+)>\s*;\s*rel="?next"?/.exec(link) : null;
      if (link && !m) problem(`GET ${module}: Link header without rel="next": ${link}`);
      next = m ? new URL(m[1]!, next).toString() : null;
      if (next) {
        const nq = new URL(next).searchParams;
        for (const [k, v] of Object.entries({ date_from: opts.dateFrom, date_to: opts.dateTo }))
          if (v !== undefined && nq.get(k) !== v)
            problem(
              `GET ${module}: the next Link drops ${k} ("The Link should also contain any filters present in the original request")`,
            );
        if (data.length === 0) problem(`GET ${module}: an empty page with a next Link`);
      }
      query = undefined;
    }
    const last = pages.at(-1);
    if (last?.totalCount !== null && last !== undefined && last.totalCount !== items.length)
      problem(`GET ${module}: X-Total-Count ${last.totalCount} but ${items.length} objects pulled`);
    return { items, pages };
  }

  /** An authenticated GET of a peer URL. */
  const get = <T = unknown>(url: string, query?: Record<string, string | number | undefined>) =>
    send<T>('GET', url, undefined, { query });

  return { pullAll, get };
}
