import { eq } from 'drizzle-orm';
import { localToInstant, type Session } from '@voltline/contract';
import type { Db } from '../../db/client.js';
import { merchants, operators } from '../../db/schema/index.js';
import type { Clock } from '../../lib/clock.js';
import type { Ctx } from '../../lib/context.js';
import { AppError, notFound } from '../../lib/errors.js';
import type { DriversService } from '../drivers/drivers.service.js';
import type { SessionsService } from '../sessions/sessions.service.js';
import type { SessionUsage } from '../sessions/usage.repository.js';
import { receiptDocument, type Issuer } from './document.js';
import { receiptFigures } from './figures.js';
import { renderPdf } from './pdf.js';
import { statementDocument, statementRows, type StatementRow } from './statement.js';

/** Receipts of billed sessions and drivers' monthly statements, in the reader's language. */
export class ReceiptsService {
  constructor(
    private readonly deps: { db: Db; clock: Clock; sessions: SessionsService; drivers: DriversService },
  ) {}

  /** The operator's legal entity as a receipt names it; the operator itself where it has none. */
  async issuer(operatorId: number): Promise<Issuer> {
    const [row] = await this.deps.db
      .select({ op: operators, m: merchants })
      .from(operators)
      .leftJoin(merchants, eq(merchants.operatorId, operators.id))
      .where(eq(operators.id, operatorId));
    if (!row) throw notFound('operator');
    const { op, m } = row;
    return {
      name: m?.legalName ?? op.name,
      addressLines: m
        ? [m.addressLine1, m.addressLine2, [m.zipCode, m.city, m.country].filter(Boolean).join(' ')].filter(
            (l): l is string => Boolean(l),
          )
        : [],
      taxId: m?.taxId ?? null,
      taxOffice: m?.taxOffice ?? null,
      contact: [op.supportEmail ?? op.email, op.phone].filter(Boolean).join(' · ') || null,
      timeZone: op.timeZone,
      vatRate: op.vatRate,
    };
  }

  /** A billed session's receipt as a PDF; a running, held or unbilled session has none (409). */
  async receiptPdf(ctx: Ctx, id: number): Promise<{ fileName: string; pdf: Buffer }> {
    const session = await this.deps.sessions.get(ctx.actor, id);
    const pdf = await this.receiptOf(ctx, session);
    return { fileName: `receipt-${session.id}.pdf`, pdf };
  }

  /** The receipt of a session Voltline itself settled (an ad-hoc payment's), in a language. */
  async ownReceipt(locale: Ctx['locale'], sessionId: number): Promise<Buffer> {
    const session = await this.deps.sessions.getOwn(sessionId);
    return this.receiptOf({ locale }, session);
  }

  async receiptOf(ctx: Pick<Ctx, 'locale'>, session: Session): Promise<Buffer> {
    const issuer = await this.issuer(session.operatorId);
    const usage = await this.deps.sessions.usageOf(session.id);
    const figures = receiptFigures(session, issuer.vatRate, usage);
    if (!figures) throw new AppError(409, 'receipt.nothingBilled');
    const doc = receiptDocument(ctx.locale, session, figures, issuer, this.deps.clock.now());
    return renderPdf(doc, { author: issuer.name });
  }

  /**
   * A driver's billed sessions started in one month of their operator's time zone, each with its
   * net, VAT and total as its receipt says.
   */
  async statement(ctx: Ctx, driverId: number, month: string) {
    const driver = await this.deps.drivers.get(ctx, driverId);
    const issuer = await this.issuer(driver.operatorId);
    const [y, m] = month.split('-').map(Number) as [number, number];
    const from = new Date(localToInstant(y, m, 1, 0, issuer.timeZone));
    const to = new Date(localToInstant(m === 12 ? y + 1 : y, m === 12 ? 1 : m + 1, 1, 0, issuer.timeZone));
    if (from > this.deps.clock.now()) {
      throw new AppError(400, 'error.validation', {}, [
        { field: 'querystring.month', key: 'statement.month' },
      ]);
    }
    // The export's batched read: every session of the month, without the report's totals query.
    const sessions: Session[] = [];
    const filter = { driverId, from: from.toISOString(), to: to.toISOString(), sortOrder: 'asc' as const };
    for await (const s of this.deps.sessions.exportRows(ctx.actor, filter)) sessions.push(s);
    const usage = new Map<number, SessionUsage>();
    for (const s of sessions) if (s.cost !== null) usage.set(s.id, await this.deps.sessions.usageOf(s.id));
    const rows: StatementRow[] = statementRows(sessions, issuer.vatRate, usage);
    return { driver, issuer, rows, month };
  }

  async statementPdf(ctx: Ctx, driverId: number, month: string): Promise<{ fileName: string; pdf: Buffer }> {
    const s = await this.statement(ctx, driverId, month);
    const name = `${s.driver.name} ${s.driver.surname}`.trim();
    const doc = statementDocument(ctx.locale, s.rows, s.issuer, name, month, this.deps.clock.now());
    return {
      fileName: `statement-${driverId}-${month}.pdf`,
      pdf: await renderPdf(doc, { author: s.issuer.name }),
    };
  }
}
