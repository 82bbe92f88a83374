import { paymentPagePath } from '@voltline/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import type { Mailer } from '../../lib/mailer.js';
import { formatMoney } from '../../lib/money.js';
import { PaymentRefusal, type PaymentProvider } from '../payment-providers/provider.js';
import type { PaymentProviders } from '../payment-providers/registry.js';
import { runningCost } from '../sessions/billing.js';
import * as repo from './adhoc.repository.js';
import type { AdhocRow, AdhocStatus } from './adhoc.repository.js';
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
  /**
   * A charge that began: its payment page on the charger's display while it runs, where the
   * charger has one (display-messages/pay-codes.ts, handed in by services.ts).
   */
  showPaymentPage?: (
    cp: { id: number; chargePointId: string },
    evse: number,
    transactionId: string | null,
    pagePath: string,
  ) => Promise<void>;
}

/** The hold's share at which a running charge is stopped, leaving room for the last meter reading. */
const LIMIT_SHARE = 0.95;

const refusalFailure = (code: string | undefined): Failure =>
  code === 'insufficient_funds' || code === 'expired' ? code : 'card_declined';

/** The provider a payment was held with. */
export function providerOf(providers: PaymentProviders, p: Pick<AdhocRow, 'provider'>): PaymentProvider {
  const provider = providers.named(p.provider as 'stripe' | 'iyzico' | 'sandbox');
  if (!provider) throw new Error(`payment provider ${p.provider} is no longer configured`);
  return provider;
}

/**
 * The steps a payment takes from the hold to its end, each claimed by one change of its status
 * (adhoc.repository.ts `transition`), so the page, a webhook and the sweep never take one twice:
 * the hold authorized, the start asked, the session found, the charge stopped at the hold, the
 * cost captured and the rest released, the receipt mailed. No step knows the charger's protocol
 * or the provider.
 */
export class AdhocSteps {
  constructor(private readonly deps: AdhocDeps) {}

  private words(lang: PayLanguage) {
    return PAY_WORDS[lang];
  }

  private provider(p: Pick<AdhocRow, 'provider'>): PaymentProvider {
    return providerOf(this.deps.providers, p);
  }

  /** The charge's payment page on its EVSE's display (once: by the step that began the charge). */
  private async showPaymentPage(
    p: AdhocRow,
    session: { connectorId: number; chargerTransactionId: string | null },
  ): Promise<void> {
    const show = this.deps.showPaymentPage;
    if (!show) return;
    const cp = { id: p.chargePointId, chargePointId: await repo.identityOf(this.deps.db, p.chargePointId) };
    // The display is a courtesy: a charger that cannot show it charges all the same.
    await show(cp, session.connectorId, session.chargerTransactionId, paymentPagePath(p.reference)).catch(
      (err: unknown) => this.deps.log.warn({ err, reference: p.reference }, 'payment page not shown'),
    );
  }

  async askStop(p: AdhocRow, cause: 'driver' | 'limit'): Promise<boolean> {
    const cp = { id: p.chargePointId, chargePointId: await repo.identityOf(this.deps.db, p.chargePointId) };
    const sent = await this.deps.send(cp, 'RemoteStopTransaction', { transactionId: p.sessionId });
    const ok = sent.ok && sent.answer.status === 'Accepted';
    if (ok)
      await repo.update(this.deps.db, p.id, { stopRequestedAt: this.deps.clock.now(), stopCause: cause });
    return ok;
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

  async step(p: AdhocRow): Promise<AdhocRow | undefined> {
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

  ageSeconds(since: Date | null) {
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
    if (session) {
      const moved = await repo.transition(this.deps.db, p.id, ['starting'], {
        status: 'charging',
        sessionId: session.id,
      });
      if (moved) await this.showPaymentPage(moved, session);
      return moved;
    }
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
  async mailReceipt(p: AdhocRow) {
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
}
