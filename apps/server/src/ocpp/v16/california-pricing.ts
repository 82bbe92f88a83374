import {
  componentsFromLegacy,
  describeTariff,
  moneyWords,
  type Locale,
  type Ocpp,
  type TariffComponents,
  type TariffSnapshot,
} from '@voltline/contract';
import type { Db } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import { translate } from '../../lib/messages.js';
import { reportedKey } from '../../modules/ocpp-logs/reported-keys.js';
import { sessionCost } from '../../modules/sessions/sessions.costs.js';
import { chargerTariff } from '../../modules/tariffs/tariffs.ocpp.js';
import { COST_UPDATE_INTERVAL_MS, mainUnits } from '../v201/tariff-cost.js';

/** The vendorId of the OCA application note "OCPP & California Pricing Requirements". */
export const COSTMSG_VENDOR = 'org.openchargealliance.costmsg';
/** The charger's configuration key saying it shows prices and costs (readonly, the note's). */
export const DISPLAY_KEY = 'CustomDisplayCostAndPrice';
/** A card's price is told once in this time (its Authorize and then its StartTransaction). */
const PRICE_REPEAT_MS = 5 * 60_000;

type Charger = { id: number; chargePointId: string };
type Message = 'SetUserPrice' | 'RunningCost' | 'FinalCost';

export interface CaliforniaPricingDeps {
  db: Db;
  clock: Clock;
  log: { warn(obj: object, msg: string): void; info(obj: object, msg: string): void };
  /** Sends a DataTransfer to the charger (the command gateway). */
  send: (chargePointId: string, payload: Ocpp.DataTransferRequest) => Promise<Ocpp.DataTransferResponse>;
  /** Asks the charger for configuration keys (the command gateway). */
  getConfiguration: (chargePointId: string, keys: string[]) => Promise<Ocpp.GetConfigurationResponse>;
  /** Where the driver of a session gets its receipt on the web, if anywhere (an ad-hoc payment's page). */
  receiptUrl?: (sessionId: number) => Promise<string | undefined>;
}

/**
 * What a 1.6 charger with a display shows of Voltline's prices, by the DataTransfer messages of the
 * OCA note "OCPP & California Pricing Requirements": the driver's price once the card is accepted
 * (SetUserPrice), the running cost while charging (RunningCost) and the billed cost after the stop
 * (FinalCost). Only a charger whose `CustomDisplayCostAndPrice` is true gets them; Voltline asks
 * each charger once after its boot (or reads its last answer from the message log) and keeps the
 * answer in memory. A refusal or a failure is logged and changes nothing else. Amounts are in the
 * currency's main unit, as the note has them.
 *
 * The words are for a display whose character set the note does not fix: money is written by its
 * ISO code ("TRY 10.00"), not a sign such as ₺ that a charger's font may lack, and the price says
 * the VAT it includes (AFIR's price incl. VAT). FinalCost's `qrCodeText` is the web page where the
 * driver gets the session's receipt, sent only when there is one (an ad-hoc payment's page).
 */
export class CaliforniaPricing {
  private readonly declared = new Map<number, Promise<boolean>>();
  private readonly sent = new Map<string, { amount: number; at: number }>();
  private readonly priced = new Map<string, number>();

  constructor(private readonly deps: CaliforniaPricingDeps) {}

  /** An accepted boot: the charger is asked (again: a new firmware may say otherwise). */
  booted(cp: Charger): void {
    this.later(cp, 'GetConfiguration', () => this.remember(cp, this.ask(cp)));
  }

  /** A card accepted at the charger (Authorize or StartTransaction). */
  authorized(cp: Charger, idTag: string, locale: Locale): void {
    this.later(cp, 'SetUserPrice', () => this.userPrice(cp, idTag, locale));
  }

  /** A running transaction's meter values were stored. */
  metered(cp: Charger, transactionId: number): void {
    this.later(cp, 'RunningCost', () => this.running(cp, transactionId));
  }

  /** A transaction's StopTransaction was stored (and the session billed). */
  stopped(cp: Charger, transactionId: number, locale: Locale): void {
    this.later(cp, 'FinalCost', () => this.final(cp, transactionId, locale));
  }

  /** Whether the charger declared the note's messages: remembered, else its logged answer, else asked. */
  supports(cp: Charger): Promise<boolean> {
    return (
      this.declared.get(cp.id) ??
      this.remember(
        cp,
        reportedKey(this.deps.db, cp.chargePointId, DISPLAY_KEY).then((v) =>
          v === null ? this.ask(cp) : isTrue(v),
        ),
      )
    );
  }

  /** Kept per charger; a question that failed (offline, time-out) is asked again next time. */
  private remember(cp: Charger, answer: Promise<boolean>): Promise<boolean> {
    const kept = answer.catch((err: unknown) => {
      if (this.declared.get(cp.id) === kept) this.declared.delete(cp.id);
      throw err;
    });
    this.declared.set(cp.id, kept);
    return kept;
  }

  /** SetUserPrice: the price of the tariff the charger bills by, in words, in the driver's language. */
  async userPrice(cp: Charger, idTag: string, locale: Locale): Promise<boolean> {
    if (!(await this.supports(cp))) return false;
    const now = this.deps.clock.now();
    const key = `${cp.id}:${idTag}`;
    const last = this.priced.get(key);
    if (last !== undefined && now.getTime() - last < PRICE_REPEAT_MS) return false;
    const tariff = await chargerTariff(this.deps.db, cp.id, now);
    if (!tariff) return false;
    this.priced.set(key, now.getTime());
    // A tariff without components of its own bills by its fields (as tariffs.repository's componentsOf).
    const components =
      tariff.components ??
      componentsFromLegacy({ ...tariff, paymentType: tariff.paymentType as TariffSnapshot['paymentType'] });
    const vat = { vatRate: tariff.vatRate, pricesIncludeVat: tariff.pricesIncludeVat };
    const priceText = describeTariff(components, tariff.currency, locale, vat, 'code').join(', ');
    return this.transfer(cp, 'SetUserPrice', { idToken: idTag, priceText });
  }

  /**
   * RunningCost: the session's cost so far, when it changed since the last one sent, at most once
   * per COST_UPDATE_INTERVAL_MS (as 2.0.1's CostUpdated); a zero cost is not news.
   */
  async running(cp: Charger, transactionId: number): Promise<boolean> {
    const key = `${cp.id}:${transactionId}`;
    const now = this.deps.clock.now();
    const last = this.sent.get(key);
    if (last && now.getTime() - last.at < COST_UPDATE_INTERVAL_MS) return false;
    if (!(await this.supports(cp))) return false;
    const c = await sessionCost(this.deps.db, cp.id, transactionId, now);
    if (!c || c.state !== 'active' || c.amount === null || !c.tariff) return false;
    if (last ? last.amount === c.amount : c.amount === 0) return false;
    this.sent.set(key, { amount: c.amount, at: now.getTime() });
    return this.transfer(cp, 'RunningCost', {
      transactionId,
      timestamp: now.toISOString(),
      meterValue: c.meterWh,
      cost: mainUnits(c.amount),
      state: c.drawing ? 'Charging' : 'Idle',
      ...prices(c.tariff.components),
    });
  }

  /** FinalCost: the billed cost of a completed session, with its words for the display. */
  async final(cp: Charger, transactionId: number, locale: Locale): Promise<boolean> {
    this.sent.delete(`${cp.id}:${transactionId}`);
    if (!(await this.supports(cp))) return false;
    const c = await sessionCost(this.deps.db, cp.id, transactionId, this.deps.clock.now());
    // A session held for review (or refused) has no bill to show yet.
    if (!c || c.state !== 'completed' || c.amount === null || !c.currency) return false;
    const cost = moneyWords(c.amount, c.currency, locale, 'code');
    // The billed cost includes VAT; the rate is the one the session was priced under.
    const rate = c.tariff?.vatRate ?? 0;
    const priceText =
      rate > 0
        ? translate(locale, 'display.finalCostVat', { cost, rate: percent(locale, rate) })
        : translate(locale, 'display.finalCost', { cost });
    const qrCodeText = await this.deps.receiptUrl?.(transactionId);
    return this.transfer(cp, 'FinalCost', {
      transactionId,
      cost: mainUnits(c.amount),
      priceText,
      ...(qrCodeText ? { qrCodeText } : {}),
    });
  }

  private async ask(cp: Charger): Promise<boolean> {
    const res = await this.deps.getConfiguration(cp.chargePointId, [DISPLAY_KEY]);
    return isTrue(res.configurationKey?.find((k) => k.key === DISPLAY_KEY)?.value);
  }

  private async transfer(cp: Charger, messageId: Message, data: object): Promise<boolean> {
    const res = await this.deps.send(cp.chargePointId, {
      vendorId: COSTMSG_VENDOR,
      messageId,
      data: JSON.stringify(data),
    });
    if (res.status !== 'Accepted') {
      this.deps.log.info(
        { chargePointId: cp.chargePointId, messageId, status: res.status },
        'cost message refused',
      );
    }
    return res.status === 'Accepted';
  }

  /** After the answer that prompted it; a failure (offline, time-out, CALLERROR) is only logged. */
  private later(cp: Charger, what: string, work: () => Promise<unknown>): void {
    setImmediate(() => {
      work().catch((err: unknown) => {
        this.deps.log.warn({ err, chargePointId: cp.chargePointId, what }, 'cost message not sent');
      });
    });
  }
}

const isTrue = (v: string | undefined) => v?.trim().toLowerCase() === 'true';

/** Basis points as a percentage in the language: 2000 → "20", 1850 → "18.5" (en) or "18,5" (tr). */
const percent = (locale: Locale, basisPoints: number) =>
  new Intl.NumberFormat(locale === 'tr' ? 'tr' : 'en', { maximumFractionDigits: 2 }).format(
    basisPoints / 100,
  );

/**
 * The note's chargingPrice (kWhPrice, hourPrice, flatFee) and idlePrice from the tariff's first
 * element pricing each; a price the tariff does not have is 0. Time prices are stored per hour.
 */
function prices(components: TariffComponents) {
  const first = (type: 'ENERGY' | 'TIME' | 'FLAT' | 'PARKING_TIME') => {
    for (const e of components.elements) {
      const c = e.priceComponents.find((p) => p.type === type);
      if (c) return c;
    }
    return undefined;
  };
  const parking = first('PARKING_TIME');
  return {
    chargingPrice: {
      kWhPrice: mainUnits(first('ENERGY')?.price ?? 0),
      hourPrice: mainUnits(first('TIME')?.price ?? 0),
      flatFee: mainUnits(first('FLAT')?.price ?? 0),
    },
    ...(parking
      ? { idlePrice: { graceMinutes: parking.graceMinutes ?? 0, hourPrice: mainUnits(parking.price) } }
      : {}),
  };
}
