import type { Db } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import { formatMoney } from '../../lib/money.js';
import { runningCost } from '../sessions/billing.js';
import * as repo from './adhoc.repository.js';
import type { AdhocRow, AdhocStatus } from './adhoc.repository.js';
import { PAY_WORDS, fill, type Failure, type PayLanguage } from './adhoc.words.js';

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

type PayWordsStatus = (typeof PAY_WORDS)['en']['status'];

/** A payment's page in words and figures: where it stands, and its session's live figures. */
export async function describePayment(
  deps: { db: Db; clock: Clock },
  p: AdhocRow,
  lang: PayLanguage,
): Promise<PaymentView> {
  const w = PAY_WORDS[lang];
  const money = (n: number) => formatMoney(lang, n, p.currency);
  const session = p.sessionId ? await repo.sessionById(deps.db, p.sessionId) : undefined;
  const now = deps.clock.now();
  const running = session && session.stoppedAt === null && session.state === 'active';
  const cp = await repo.chargePointName(deps.db, p.chargePointId);
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
    minutes: session ? Math.max(0, Math.floor((end.getTime() - session.startedAt.getTime()) / 60000)) : null,
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
