import { randomBytes, randomUUID } from 'node:crypto';
import { paymentPagePath, payPagePath, type Locale } from '@voltline/contract';
import type { Tx } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import { formatMoney } from '../../lib/money.js';
import { ADHOC_TOKEN_PREFIX } from '../drivers/adhoc-tokens.js';
import { PaymentRefusal, type PaymentProvider } from '../payment-providers/provider.js';
import * as repo from './adhoc.repository.js';
import { AdhocSteps, providerOf, type AdhocDeps } from './adhoc.steps.js';
import { connectorOffer, type ConnectorOffer } from './adhoc.offer.js';
import { describePayment, type PaymentView } from './adhoc.view.js';
import type { AdhocRow, AdhocStatus } from './adhoc.repository.js';
import { PAY_WORDS, fill, type PayLanguage } from './adhoc.words.js';

/** How often the sweep asks a provider after a card form still open. */
const PENDING_POLL_SECONDS = 30;
const newToken = () => {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  const bytes = randomBytes(15);
  return ADHOC_TOKEN_PREFIX + Array.from(bytes, (b) => alphabet[b % alphabet.length]).join('');
};

/**
 * Ad-hoc payment (issue #30): anyone pays at a connector's public page through the operator's
 * payment provider, with no account. A hold is placed on the provider's card form; once
 * authorized Voltline starts the charge with the payment's token (which Authorize accepts while the
 * payment is open); at the end the billed cost is captured and the rest released, and the receipt
 * is mailed. Each step is claimed by changing the payment's status, so the driver's page, a
 * provider's webhook and the sweep never take one twice; the sweep finishes what a closed browser
 * left. No step knows the charger's protocol or the provider.
 */
export class AdhocPayments {
  private readonly steps: AdhocSteps;

  constructor(private readonly deps: AdhocDeps) {
    this.steps = new AdhocSteps(deps);
  }

  private words(lang: PayLanguage) {
    return PAY_WORDS[lang];
  }

  private provider(p: Pick<AdhocRow, 'provider'>): PaymentProvider {
    return providerOf(this.deps.providers, p);
  }

  /** The connector behind a public code, with its price; undefined when no such connector. */
  offer(code: string, lang: PayLanguage): Promise<ConnectorOffer | undefined> {
    return connectorOffer(this.deps, code, lang);
  }

  private describe(p: AdhocRow, lang: PayLanguage): Promise<PaymentView> {
    return describePayment(this.deps, p, lang);
  }

  /**
   * A stranger asks to pay at a connector: the payment is written, then the provider's hold is
   * placed; the answer is the card form to send them to, or the words of why not.
   */
  async begin(
    code: string,
    input: { email: string | null; language: PayLanguage },
  ): Promise<{ formUrl: string } | { refused: string; offer?: ConnectorOffer }> {
    const w = this.words(input.language);
    const offer = await this.offer(code, input.language);
    if (!offer) return { refused: w.notFound };
    if (offer.blocked || !offer.currency) return { refused: offer.blocked ?? w.noPrice, offer };
    const c = offer.connector;
    const provider = this.deps.providers.forOperator(c.operatorPath);
    const reference = randomUUID();
    const payment = await this.deps.db.transaction((tx) =>
      repo.insertPayment(tx, {
        reference,
        token: newToken(),
        operatorId: c.operatorId,
        chargePointId: c.cpId,
        connectorId: c.connectorId,
        provider: provider.name,
        status: 'pending',
        holdAmount: offer.holdAmount,
        currency: offer.currency!,
        email: input.email,
        language: input.language,
      }),
    );
    try {
      const hold = await provider.createHold({
        amount: payment.holdAmount,
        currency: payment.currency,
        reference,
        description: `${c.name} · ${fill(w.connector, { n: c.connectorId })}`,
        ...(input.email ? { email: input.email } : {}),
        language: input.language,
        returnUrl: `${this.deps.publicUrl}/pay/s/${reference}`,
        idempotencyKey: `hold:${reference}`,
      });
      await repo.update(this.deps.db, payment.id, { providerRef: hold.providerRef });
      return { formUrl: hold.formUrl };
    } catch (err) {
      this.deps.log.warn({ err, reference }, 'ad-hoc payment: the provider placed no hold');
      await repo.transition(this.deps.db, payment.id, ['pending'], {
        status: 'failed',
        failure: 'provider_unavailable',
        settledAt: this.deps.clock.now(),
      });
      return { refused: w.failure.provider_unavailable, offer };
    }
  }

  /** The payment's page as words and figures, after taking any step that is due. */
  async view(reference: string, lang: PayLanguage): Promise<PaymentView | undefined> {
    let p = await repo.byReference(this.deps.db, reference);
    if (!p) return undefined;
    // The driver's return from the card form, or a poll: advance what can be advanced quickly; a
    // start waits for the charger's answer, so it goes on after the page is answered.
    if (p.status === 'pending' || p.status === 'charging') {
      try {
        p = (await this.steps.step(p)) ?? (await repo.byReference(this.deps.db, reference)) ?? p;
      } catch (err) {
        // A provider that fails now is asked again by the sweep; the page shows where things stand.
        this.deps.log.error({ err, reference }, 'ad-hoc payment step failed');
      }
    }
    if (p.status === 'authorized' || p.status === 'starting') this.later(p);
    return this.describe(p, lang);
  }

  /** Takes the due step of a payment in the background, logging what fails. */
  private later(p: AdhocRow) {
    this.steps
      .advance(p)
      .catch((err: unknown) =>
        this.deps.log.error({ err, reference: p.reference }, 'ad-hoc payment step failed'),
      );
  }

  /** The driver's Stop: the charger is asked to end the charge; its answer is said in words. */
  async stop(reference: string, lang: PayLanguage): Promise<{ view?: PaymentView; refused?: string }> {
    const p = await repo.byReference(this.deps.db, reference);
    if (!p) return {};
    const w = this.words(lang);
    if (p.status !== 'charging' || p.sessionId === null) return { view: await this.describe(p, lang) };
    const ok = await this.steps.askStop(p, 'driver');
    const after = (await repo.byReference(this.deps.db, reference)) ?? p;
    return { view: await this.describe(after, lang), ...(ok ? {} : { refused: w.stopFailed }) };
  }

  /** A provider's webhook, verified: the payment it names takes its due step. */
  async webhook(providerName: string, raw: Buffer, headers: Record<string, string | string[] | undefined>) {
    const provider = this.deps.providers.named(providerName as 'stripe' | 'iyzico' | 'sandbox');
    if (!provider) return { known: false as const };
    const event = provider.parseWebhook(raw, headers);
    const p = event.reference
      ? await repo.byReference(this.deps.db, event.reference)
      : event.providerRef
        ? await repo.byProviderRef(this.deps.db, provider.name, event.providerRef)
        : undefined;
    if (p && repo.OPEN.includes(p.status as AdhocStatus)) this.later(p);
    return { known: true as const, event };
  }

  /** Every open payment takes its due step; settled ones get their receipt mailed. */
  async sweep(limit = 200): Promise<number> {
    let moved = 0;
    for (const p of await repo.openPayments(this.deps.db, limit)) {
      // A card form still open is the provider's to answer (its webhook, the driver's return);
      // the sweep asks after it every half minute only.
      if (p.status === 'pending' && this.steps.ageSeconds(p.updatedAt) < PENDING_POLL_SECONDS) continue;
      try {
        const after = await this.steps.advance(p);
        if (after && after.status !== p.status) moved++;
      } catch (err) {
        this.deps.log.error({ err, reference: p.reference }, 'ad-hoc payment step failed');
      }
    }
    for (const p of await repo.receiptsDue(this.deps.db, limit)) await this.steps.mailReceipt(p);
    return moved;
  }

  /**
   * A refund staff make on the payments screen of a line a card provider took: the provider gives
   * the money back (at most what it captured), in the payments' transaction. Undefined for a line
   * that is no ad-hoc payment's.
   */
  async refundLine(
    tx: Tx,
    line: { sessionId: number | null; currency: string },
    amount: number,
    key: string,
    locale: Locale,
  ): Promise<{ refundId: string } | undefined> {
    if (line.sessionId === null) return undefined;
    const p = await repo.capturedOfSession(tx, line.sessionId);
    if (!p?.providerRef) return undefined;
    const left = p.capturedAmount - p.refundedAmount;
    if (amount > left) {
      throw new AppError(
        400,
        'payment.providerRefundTooLarge',
        { left: formatMoney(locale, left, p.currency) },
        [{ field: 'querystring.amount', key: 'payment.providerRefundTooLarge' }],
      );
    }
    try {
      const r = await repo.withLedgerIn(tx, () =>
        this.provider(p).refund(p.providerRef!, amount, `refund:${key}`),
      );
      await repo.update(tx, p.id, { refundedAmount: p.refundedAmount + amount });
      return { refundId: r.refundRef };
    } catch (err) {
      if (!(err instanceof PaymentRefusal)) throw err;
      this.deps.log.warn({ err, reference: p.reference }, 'ad-hoc payment: the provider refused a refund');
      if (err.code === 'provider_unavailable') throw new AppError(502, 'payment.providerUnavailable');
      throw new AppError(409, 'payment.providerRefused', { reason: err.code });
    }
  }

  /** The public page of the connector a payment was made at (its "start again"). */
  async pagePathOf(reference: string): Promise<string | undefined> {
    const p = await repo.byReference(this.deps.db, reference);
    if (!p) return undefined;
    return payPagePath(await repo.identityOf(this.deps.db, p.chargePointId), p.connectorId);
  }

  /**
   * Where the driver of an ad-hoc session finds its receipt: the payment's page, which offers the
   * receipt once the cost is captured. Undefined for a session no ad-hoc payment charged.
   */
  async receiptUrlOf(sessionId: number): Promise<string | undefined> {
    const reference = await repo.referenceOfSession(this.deps.db, sessionId);
    return reference ? `${this.deps.publicUrl.replace(/\/$/, '')}${paymentPagePath(reference)}` : undefined;
  }

  /** The receipt of a captured payment for its page; undefined when there is none. */
  async receiptOf(reference: string, lang: PayLanguage) {
    const p = await repo.byReference(this.deps.db, reference);
    if (!p || p.status !== 'captured' || p.sessionId === null) return undefined;
    return { fileName: `receipt-${p.sessionId}.pdf`, pdf: await this.deps.receipt(lang, p.sessionId) };
  }
}

export type { ConnectorOffer } from './adhoc.offer.js';
export type { PaymentView } from './adhoc.view.js';
export type { AdhocDeps, AdhocSend } from './adhoc.steps.js';
