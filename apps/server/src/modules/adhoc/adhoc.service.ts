import { randomBytes, randomUUID } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import { describeTariff, parseEvseCode, payPagePath, type Locale } from '@voltline/contract';
import type { Db, Tx } from '../../db/client.js';
import { AppError } from '../../lib/errors.js';
import type { Clock } from '../../lib/clock.js';
import type { Mailer } from '../../lib/mailer.js';
import { formatMoney } from '../../lib/money.js';
import { ADHOC_TOKEN_PREFIX } from '../drivers/authorization.js';
import { PaymentRefusal, type PaymentProvider } from '../payment-providers/provider.js';
import type { PaymentProviders } from '../payment-providers/registry.js';
import { runningCost } from '../sessions/billing.js';
import { componentsOf, tariffOfConnector } from '../tariffs/tariffs.repository.js';
import * as repo from './adhoc.repository.js';
import type { AdhocRow, AdhocStatus, PublicConnector } from './adhoc.repository.js';
import { PAY_WORDS, fill, type Failure, type PayLanguage } from './adhoc.words.js';

type Payload = Record<string, unknown>;
/** A command sent to a charger on the payment's behalf, recorded like staff's (commands.sendRecorded). */
export type AdhocSend = (
  cp: { id: number; chargePointId: string },
  action: 'RemoteStartTransaction' | 'RemoteStopTransaction',
  payload: Payload,
) => Promise<{ ok: true; answer: Payload } | { ok: false; outcome: 'callError' | 'timedOut' | 'offline' }>;

export interface AdhocDeps {
  db: Db;
  clock: Clock;
  log: FastifyBaseLogger;
  providers: PaymentProviders;
  publicUrl: string;
  send: AdhocSend;
  /** A billed session's receipt (PDF) in a language. */
  receipt: (language: PayLanguage, sessionId: number) => Promise<Buffer>;
  mailer: Mailer;
  /** How long a driver has to plug in after the charger took the start. */
  startTimeoutSeconds: number;
  /** How long a card form may stay open before the payment is given up. */
  cardTimeoutSeconds: number;
}

/** Where a connector's page stands: can a stranger pay here, and what it costs. */
export interface ConnectorOffer {
  connector: PublicConnector;
  code: string;
  /** The tariff's price, one phrase per component in AFIR order; null without a tariff. */
  price: string[] | null;
  currency: string | null;
  holdAmount: number;
  /** Why nobody can pay here now, in words; null when one can. */
  blocked: string | null;
  sandbox: boolean;
}

/** What the payment's page shows, and polls as JSON. */
export interface PaymentView {
  reference: string;
  status: AdhocStatus;
  message: string;
  failure: string | null;
  chargePoint: string;
  connector: string;
  hold: string;
  energyKwh: number | null;
  powerKw: number | null;
  minutes: number | null;
  cost: string | null;
  canStop: boolean;
  stopping: boolean;
  stopNote: string | null;
  receipt: boolean;
  receiptNote: string | null;
  done: boolean;
}

const USABLE = new Set(['Available', 'Preparing', 'SuspendedEV', 'Finishing', 'Occupied']);
/** How often the sweep asks a provider after a card form still open. */
const PENDING_POLL_SECONDS = 30;
/** The hold's share at which a running charge is stopped, leaving room for the last meter reading. */
const LIMIT_SHARE = 0.95;

const newToken = () => {
  const alphabet = 'ABCDEFGHJKLMNPQRSTUVWXYZ23456789';
  const bytes = randomBytes(15);
  return ADHOC_TOKEN_PREFIX + Array.from(bytes, (b) => alphabet[b % alphabet.length]).join('');
};

const refusalFailure = (code: string | undefined): Failure =>
  code === 'insufficient_funds' || code === 'expired' ? code : 'card_declined';

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
  constructor(private readonly deps: AdhocDeps) {}

  private words(lang: PayLanguage) {
    return PAY_WORDS[lang];
  }

  private provider(p: Pick<AdhocRow, 'provider'>): PaymentProvider {
    const provider = this.deps.providers.named(p.provider as 'stripe' | 'iyzico' | 'sandbox');
    if (!provider) throw new Error(`payment provider ${p.provider} is no longer configured`);
    return provider;
  }

  /** The connector behind a public code, with its price; undefined when no such connector. */
  async offer(code: string, lang: PayLanguage): Promise<ConnectorOffer | undefined> {
    const parsed = parseEvseCode(code);
    if (!parsed) return undefined;
    const c = await repo.connectorByCode(this.deps.db, parsed.chargePointId, parsed.connectorId);
    if (!c || c.archivedAt || c.cpArchivedAt || c.registrationStatus !== 'accepted') return undefined;
    const w = this.words(lang);
    const now = this.deps.clock.now();
    const tariff = await this.deps.db.transaction((tx) => tariffOfConnector(tx, c.cpId, c.connectorId, now));
    const free = tariff?.paymentType === 'Free';
    const price =
      tariff && !free
        ? describeTariff(componentsOf(tariff), tariff.currency, lang, {
            vatRate: c.vatRate,
            pricesIncludeVat: c.pricesIncludeVat,
          })
        : null;
    const provider = this.deps.providers.forOperator(c.operatorPath);
    const blocked = !price
      ? w.noPrice
      : !c.connected
        ? w.offline
        : !USABLE.has(c.status)
          ? fill(w.unavailable, { state: w.connectorState[c.status] ?? c.status })
          : null;
    return {
      connector: c,
      code,
      price,
      currency: tariff?.currency ?? null,
      holdAmount: c.holdAmount,
      blocked,
      sandbox: provider.name === 'sandbox',
    };
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
        p = (await this.step(p)) ?? (await repo.byReference(this.deps.db, reference)) ?? p;
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
    this.advance(p).catch((err: unknown) =>
      this.deps.log.error({ err, reference: p.reference }, 'ad-hoc payment step failed'),
    );
  }

  private async describe(p: AdhocRow, lang: PayLanguage): Promise<PaymentView> {
    const w = this.words(lang);
    const money = (n: number) => formatMoney(lang, n, p.currency);
    const session = p.sessionId ? await repo.sessionById(this.deps.db, p.sessionId) : undefined;
    const now = this.deps.clock.now();
    const running = session && session.stoppedAt === null && session.state === 'active';
    const cp = await repo.chargePointName(this.deps.db, p.chargePointId);
    const energyWh = session
      ? (session.energyWh ?? Math.max(0, (session.lastMeterWh ?? session.meterStart) - session.meterStart))
      : null;
    const cost = session ? (running ? (runningCost(session, now)?.amount ?? null) : session.cost) : null;
    const end = session?.stoppedAt ?? now;
    const message =
      p.status === 'captured'
        ? fill(w.status.captured, { amount: money(p.capturedAmount) })
        : p.status === 'released'
          ? fill(w.status.released, { amount: money(p.holdAmount) })
          : w.status[p.status as keyof PayWordsStatus];
    const failure = p.failure ? (w.failure[p.failure as Failure] ?? null) : null;
    return {
      reference: p.reference,
      status: p.status as AdhocStatus,
      message,
      failure,
      chargePoint: cp,
      connector: fill(w.connector, { n: p.connectorId }),
      hold: money(p.holdAmount),
      energyKwh: energyWh === null ? null : Math.round(energyWh) / 1000,
      powerKw: running && session.lastPowerW !== null ? Math.round(session.lastPowerW) / 1000 : null,
      minutes: session
        ? Math.max(0, Math.floor((end.getTime() - session.startedAt.getTime()) / 60000))
        : null,
      cost: cost === null ? null : money(cost),
      canStop: p.status === 'charging' && Boolean(running),
      stopping: p.status === 'charging' && p.stopRequestedAt !== null,
      stopNote: p.stopCause === 'limit' ? w.limitStop : null,
      receipt: p.status === 'captured' && p.sessionId !== null,
      receiptNote: p.receiptSentAt && p.email ? fill(w.receiptMailed, { email: p.email }) : null,
      done: !repo.OPEN.includes(p.status as AdhocStatus),
      ...(p.uncollectedAmount > 0 && session?.cost
        ? { stopNote: fill(w.uncollected, { cost: money(session.cost), amount: money(p.holdAmount) }) }
        : {}),
    };
  }

  /** The driver's Stop: the charger is asked to end the charge; its answer is said in words. */
  async stop(reference: string, lang: PayLanguage): Promise<{ view?: PaymentView; refused?: string }> {
    const p = await repo.byReference(this.deps.db, reference);
    if (!p) return {};
    const w = this.words(lang);
    if (p.status !== 'charging' || p.sessionId === null) return { view: await this.describe(p, lang) };
    const ok = await this.askStop(p, 'driver');
    const after = (await repo.byReference(this.deps.db, reference)) ?? p;
    return { view: await this.describe(after, lang), ...(ok ? {} : { refused: w.stopFailed }) };
  }

  private async askStop(p: AdhocRow, cause: 'driver' | 'limit'): Promise<boolean> {
    const cp = { id: p.chargePointId, chargePointId: await repo.identityOf(this.deps.db, p.chargePointId) };
    const sent = await this.deps.send(cp, 'RemoteStopTransaction', { transactionId: p.sessionId });
    const ok = sent.ok && sent.answer.status === 'Accepted';
    if (ok)
      await repo.update(this.deps.db, p.id, { stopRequestedAt: this.deps.clock.now(), stopCause: cause });
    return ok;
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
      if (p.status === 'pending' && this.ageSeconds(p.updatedAt) < PENDING_POLL_SECONDS) continue;
      try {
        const after = await this.advance(p);
        if (after && after.status !== p.status) moved++;
      } catch (err) {
        this.deps.log.error({ err, reference: p.reference }, 'ad-hoc payment step failed');
      }
    }
    for (const p of await repo.receiptsDue(this.deps.db, limit)) await this.mailReceipt(p);
    return moved;
  }

  /** Takes the step that is due for a payment, and the next ones while they need no waiting. */
  async advance(p: AdhocRow): Promise<AdhocRow | undefined> {
    let current: AdhocRow | undefined = p;
    for (let i = 0; i < 4 && current; i++) {
      const next = await this.step(current);
      if (!next || next.status === current.status) return next ?? current;
      current = next;
    }
    return current;
  }

  private async step(p: AdhocRow): Promise<AdhocRow | undefined> {
    switch (p.status as AdhocStatus) {
      case 'pending':
        return this.stepPending(p);
      case 'authorized':
        return this.stepStart(p);
      case 'starting':
        return this.stepStarting(p);
      case 'charging':
        return this.stepCharging(p);
      default:
        return p;
    }
  }

  private ageSeconds(since: Date | null) {
    return since ? (this.deps.clock.now().getTime() - since.getTime()) / 1000 : 0;
  }

  private async stepPending(p: AdhocRow): Promise<AdhocRow | undefined> {
    const expired = this.ageSeconds(p.createdAt) > this.deps.cardTimeoutSeconds;
    if (!p.providerRef) {
      return expired
        ? repo.transition(this.deps.db, p.id, ['pending'], {
            status: 'failed',
            failure: 'provider_unavailable',
          })
        : p;
    }
    let hold;
    try {
      hold = await this.provider(p).getHold(p.providerRef);
    } catch (err) {
      if (!(err instanceof PaymentRefusal) || err.code === 'provider_unavailable') return p;
      return repo.transition(this.deps.db, p.id, ['pending'], {
        status: 'failed',
        failure: 'provider_unavailable',
        settledAt: this.deps.clock.now(),
      });
    }
    // A hold authorized after the form's time is let go: the driver has walked away by then.
    if (hold.status === 'authorized' && !expired) {
      return repo.transition(this.deps.db, p.id, ['pending'], { status: 'authorized', failure: null });
    }
    if (hold.status === 'canceled' || expired) {
      await this.letGo(p);
      return repo.transition(this.deps.db, p.id, ['pending'], {
        status: 'declined',
        failure: p.failure ?? (hold.status === 'declined' ? refusalFailure(hold.refusal) : 'abandoned'),
        settledAt: this.deps.clock.now(),
      });
    }
    // A refused card leaves the form open for another: the refusal is shown meanwhile. The poll
    // is noted (updated_at), so the sweep asks the provider again in half a minute, not sooner.
    const failure = hold.status === 'declined' ? refusalFailure(hold.refusal) : p.failure;
    await repo.update(this.deps.db, p.id, { failure });
    return { ...p, failure };
  }

  /** The charger is asked to start with the payment's token; a refusal lets the hold go. */
  private async stepStart(p: AdhocRow): Promise<AdhocRow | undefined> {
    const claimed = await repo.transition(this.deps.db, p.id, ['authorized'], {
      status: 'starting',
      startSentAt: this.deps.clock.now(),
    });
    if (!claimed) return repo.byReference(this.deps.db, p.reference);
    const cp = { id: p.chargePointId, chargePointId: await repo.identityOf(this.deps.db, p.chargePointId) };
    const sent = await this.deps.send(cp, 'RemoteStartTransaction', {
      connectorId: p.connectorId,
      idTag: p.token,
    });
    if (!sent.ok) {
      return this.release(
        claimed,
        ['starting'],
        sent.outcome === 'callError' ? 'start_rejected' : 'charger_offline',
      );
    }
    if (sent.answer.status !== 'Accepted') return this.release(claimed, ['starting'], 'start_rejected');
    return claimed;
  }

  /** Waits for the session the token starts; none in time, or a refused one, lets the hold go. */
  private async stepStarting(p: AdhocRow): Promise<AdhocRow | undefined> {
    const session = await repo.sessionOfToken(this.deps.db, p.chargePointId, p.token);
    if (session?.state === 'refused') return this.release(p, ['starting'], 'start_refused');
    if (session)
      return repo.transition(this.deps.db, p.id, ['starting'], { status: 'charging', sessionId: session.id });
    if (this.ageSeconds(p.startSentAt) > this.deps.startTimeoutSeconds) {
      return this.release(p, ['starting'], 'not_plugged');
    }
    return p;
  }

  /**
   * A running charge is stopped when its cost nears the hold; an ended, billed one is captured
   * (never more than the hold) and the rest released. A session held for review waits for staff.
   */
  private async stepCharging(p: AdhocRow): Promise<AdhocRow | undefined> {
    const session = p.sessionId ? await repo.sessionById(this.deps.db, p.sessionId) : undefined;
    if (!session) return p;
    if (session.state === 'active' && session.stoppedAt === null) {
      const cost = runningCost(session, this.deps.clock.now());
      if (cost && cost.amount >= p.holdAmount * LIMIT_SHARE && p.stopRequestedAt === null) {
        await this.askStop(p, 'limit');
        return (await repo.byReference(this.deps.db, p.reference)) ?? p;
      }
      return p;
    }
    if (session.state === 'review' || session.cost === null) {
      // Failed or closed without a bill: nothing is owed.
      if (session.state !== 'review' && session.stoppedAt !== null && session.state !== 'active') {
        return this.release(p, ['charging'], 'nothing_charged');
      }
      return p;
    }
    const cost = Number(session.cost);
    if (cost <= 0) return this.release(p, ['charging'], 'nothing_charged');
    const amount = Math.min(cost, p.holdAmount);
    // One capture call at a time: a page poll and the sweep may meet here.
    if (!(await repo.claimCapture(this.deps.db, p.id, this.deps.clock.now()))) return p;
    let captured;
    try {
      captured = await this.provider(p).capture(p.providerRef!, amount, `capture:${p.reference}`);
    } catch (err) {
      await repo.update(this.deps.db, p.id, { capturingAt: null });
      throw err;
    }
    // The session's payment line is the provider's from now on: refunds go back through it.
    const after = await this.deps.db.transaction(async (tx) => {
      const moved = await repo.transition(tx, p.id, ['charging'], {
        status: 'captured',
        capturedAmount: captured.amount,
        releasedAmount: captured.released,
        uncollectedAmount: Math.max(0, cost - captured.amount),
        settledAt: this.deps.clock.now(),
      });
      if (moved) await repo.markLineOf(tx, session.id, p.provider);
      return moved;
    });
    if (after) await this.mailReceipt(after);
    return after;
  }

  /** Lets the provider's hold go, whatever state it is in (a failed release is logged, not fatal). */
  private async letGo(p: AdhocRow) {
    if (!p.providerRef) return;
    try {
      await this.provider(p).release(p.providerRef, `release:${p.reference}`);
    } catch (err) {
      if (err instanceof PaymentRefusal && (err.code === 'canceled' || err.code === 'not_found')) return;
      this.deps.log.warn({ err, reference: p.reference }, 'ad-hoc payment: the hold could not be released');
    }
  }

  private async release(p: AdhocRow, from: AdhocStatus[], failure: Failure) {
    await this.letGo(p);
    return repo.transition(this.deps.db, p.id, from, {
      status: 'released',
      failure,
      releasedAmount: p.holdAmount,
      settledAt: this.deps.clock.now(),
    });
  }

  /** The receipt of a captured payment, by e-mail once (a failed send is tried again by the sweep). */
  private async mailReceipt(p: AdhocRow) {
    if (!p.email || p.sessionId === null) return;
    const claimed = await repo.claimReceipt(this.deps.db, p.id, this.deps.clock.now());
    if (!claimed) return;
    const lang = p.language === 'tr' ? 'tr' : 'en';
    const w = this.words(lang);
    try {
      const pdf = await this.deps.receipt(lang, p.sessionId);
      const amount = formatMoney(lang, p.capturedAmount, p.currency);
      const cp = await repo.chargePointName(this.deps.db, p.chargePointId);
      const operator = await repo.operatorName(this.deps.db, p.operatorId);
      await this.deps.mailer.send({
        to: p.email,
        subject: fill(w.mailSubject, { amount }),
        text: fill(w.mailText, { chargePoint: cp, n: p.connectorId, amount, operator }),
        attachments: [
          { filename: `receipt-${p.sessionId}.pdf`, content: pdf, contentType: 'application/pdf' },
        ],
      });
    } catch (err) {
      this.deps.log.error({ err, reference: p.reference }, 'ad-hoc payment: the receipt was not mailed');
      await repo.update(this.deps.db, p.id, { receiptSentAt: null });
    }
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

  /** The receipt of a captured payment for its page; undefined when there is none. */
  async receiptOf(reference: string, lang: PayLanguage) {
    const p = await repo.byReference(this.deps.db, reference);
    if (!p || p.status !== 'captured' || p.sessionId === null) return undefined;
    return { fileName: `receipt-${p.sessionId}.pdf`, pdf: await this.deps.receipt(lang, p.sessionId) };
  }
}

type PayWordsStatus = (typeof PAY_WORDS)['en']['status'];
