import type { FastifyBaseLogger } from 'fastify';
import { and, eq, isNull, lt, or } from 'drizzle-orm';
import type { Db } from '../../../db/client.js';
import { roamingPartners } from '../../../db/schema/index.js';
import type { Clock } from '../../../lib/clock.js';
import type { Ctx } from '../../../lib/context.js';
import { audit } from '../../audit/audit.service.js';
import { asAppError, type RoamingService } from '../roaming.service.js';
import { ocpiCall, PartnerCallError, type Party } from '../ocpi/client.js';
import { moduleUrl } from '../ocpi/credentials.js';
import type { PartnerRow } from '../roaming.repository.js';
import { OcpiTokenSchema } from './token.js';
import { upsertToken } from './tokens.repository.js';

/** How often a partner's tokens list is read again (the changes since the last pull). */
export const TOKENS_PULL_EVERY_MS = 15 * 60_000;
/** Pages followed in one pull at most: a partner's Link that never ends cannot hold the job. */
const MAX_PAGES = 1000;

export interface TokensPullDeps {
  db: Db;
  clock: Clock;
  log: FastifyBaseLogger;
  own: Party;
  call: { timeoutMs: number; allowPrivate: boolean };
  roaming: RoamingService;
}

/** The next page's URL from a Link header (`<url>; rel="next"`), if any. */
export function nextLink(header: string | string[] | undefined): string | null {
  const text = Array.isArray(header) ? header.join(',') : (header ?? '');
  const match = /<([^>]+)>\s*;\s*rel="?next"?/i.exec(text);
  return match?.[1] ?? null;
}

/**
 * OCPI 2.2.1 Tokens, Voltline pulling the eMSP's list (§12.2.1.1): every page, following the Link
 * header, from the last successful pull (`date_from`). Each token stored unless a newer version is
 * (upsertToken); a token of a party not the partner's, or not a valid Token, is left out. A
 * failure is kept on the partner in words and the next pull asks from the same moment.
 */
export class TokensPull {
  constructor(private readonly deps: TokensPullDeps) {}

  /** Registered partners with a tokens sender not pulled for `TOKENS_PULL_EVERY_MS` (new ones first). */
  async pullDue(): Promise<void> {
    const { db, clock, log } = this.deps;
    const before = new Date(clock.now().getTime() - TOKENS_PULL_EVERY_MS);
    const due = await db
      .select()
      .from(roamingPartners)
      .where(
        and(
          eq(roamingPartners.state, 'registered'),
          or(isNull(roamingPartners.tokensPulledAt), lt(roamingPartners.tokensPulledAt, before)),
        ),
      );
    for (const p of due) {
      if (!moduleUrl(p.endpoints, 'tokens', 'SENDER')) continue;
      await this.pull(p).catch((err: unknown) => {
        if (!(err instanceof PartnerCallError)) log.error({ err, partnerId: p.id }, 'tokens pull failed');
      });
    }
  }

  /** One pull of the partner's tokens; the number stored. Throws the PartnerCallError it recorded. */
  async pull(partner: PartnerRow): Promise<number> {
    const { db, clock, own, call } = this.deps;
    const sender = moduleUrl(partner.endpoints, 'tokens', 'SENDER');
    if (!sender || partner.state !== 'registered' || !partner.outgoingToken)
      throw await this.failed(partner.id, new PartnerCallError('roaming.noTokensSender', {}));
    const started = clock.now();
    const first = new URL(sender);
    if (partner.tokensPulledAt)
      first.searchParams.set('date_from', partner.tokensPulledAt.toISOString().replace(/\.\d{3}Z$/, 'Z'));
    const parties = new Set(
      [
        ...partner.roles.map((r) => `${r.countryCode}*${r.partyId}`),
        `${partner.countryCode}*${partner.partyId}`,
      ].map((x) => x.toUpperCase()),
    );
    const to: Party = { countryCode: partner.countryCode ?? '', partyId: partner.partyId ?? '' };
    let url: string | null = first.toString();
    let stored = 0;
    try {
      for (let page = 0; url && page < MAX_PAGES; page++) {
        const answer: Awaited<ReturnType<typeof ocpiCall<unknown>>> = await ocpiCall<unknown>(
          { method: 'GET', url, token: partner.outgoingToken, routing: { from: own, to } },
          call,
        );
        const items = Array.isArray(answer.data) ? answer.data : [];
        await db.transaction(async (tx) => {
          for (const item of items) {
            const parsed = OcpiTokenSchema.safeParse(item);
            if (!parsed.success) continue;
            const t = parsed.data;
            if (!parties.has(`${t.country_code}*${t.party_id}`.toUpperCase())) continue;
            await upsertToken(tx, partner.id, t);
            stored++;
          }
        });
        url = nextLink(answer.headers.link);
      }
    } catch (err) {
      if (err instanceof PartnerCallError) throw await this.failed(partner.id, err);
      throw err;
    }
    await db
      .update(roamingPartners)
      .set({ tokensPulledAt: started })
      .where(eq(roamingPartners.id, partner.id));
    return stored;
  }

  /** Staff's "Fetch tokens now": a pull of a partner in reach, audited; a failure in words. */
  async pullNow(ctx: Ctx, id: number): Promise<number> {
    const { db, roaming } = this.deps;
    const p = await roaming.view(db, ctx, id);
    let count: number;
    try {
      count = await this.pull(p);
    } catch (err) {
      throw err instanceof PartnerCallError ? asAppError(err) : err;
    }
    await db.transaction((tx) =>
      audit(tx, ctx, {
        action: 'roaming.pullTokens',
        entity: 'roamingPartner',
        entityId: id,
        subjectOperatorId: p.operatorId,
        summary: { name: p.name, count },
      }),
    );
    return count;
  }

  private async failed(partnerId: number, err: PartnerCallError): Promise<PartnerCallError> {
    await this.deps.roaming.recordError(partnerId, err);
    return err;
  }
}
