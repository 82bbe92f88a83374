import type { Locale, Ocpp201 } from '@voltline/contract';
import type { Db } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import { translate } from '../../lib/messages.js';
import { formatMoney } from '../../lib/money.js';
import { storedVariable } from '../../modules/device-model/split.js';
import { chargerTariff } from '../../modules/tariffs/tariffs.ocpp.js';

/** The id-token answer a price is added to (id-token.ts's type, named here: it reads the handler context). */
type IdTokenInfo = Ocpp201.AuthorizeResponse['idTokenInfo'];

type Charger = { id: number; chargePointId: string };
type Cost = { amount: number; currency: string };

/** At most one CostUpdated per transaction in this time, however often its cost changes. */
export const COST_UPDATE_INTERVAL_MS = 60_000;

/**
 * Voltline keeps money in minor units (hundredths, as the portal shows them); a charger's
 * totalCost is in the currency's main unit.
 */
export const mainUnits = (minor: number) => minor / 100;

export interface TariffCostDeps {
  db: Db;
  clock: Clock;
  /** Sends CostUpdated to the charger (the command gateway). */
  send: (chargePointId: string, payload: Ocpp201.CostUpdatedRequest) => Promise<unknown>;
  /** Whether the charger shows tariffs (`Tariff`) or running costs (`Cost`); by its device model. */
  enabled?: (chargePointDbId: number, what: 'Tariff' | 'Cost') => Promise<boolean>;
}

/**
 * I02/I03 (TariffCostCtrlr): what a 2.0.1 charger shows of Voltline's prices. The CSMS sends a
 * tariff or a cost only to a charger whose TariffCostCtrlr.Enabled (instance Tariff or Cost) is
 * true; a charger whose device model Voltline has not stored (or that reported none) gets none.
 */
export class TariffCost {
  private readonly sent = new Map<string, { amount: number; at: number }>();

  constructor(private readonly deps: TariffCostDeps) {}

  private enabled(cp: Charger, what: 'Tariff' | 'Cost'): Promise<boolean> {
    return this.deps.enabled ? this.deps.enabled(cp.id, what) : storedEnabled(this.deps.db, cp.id, what);
  }

  /**
   * I02: a running transaction's cost, after an event that metered energy. Sent when it changed
   * since the last one sent, at most once per COST_UPDATE_INTERVAL_MS; a zero cost is not news.
   */
  async running(cp: Charger, transactionId: string, cost: Cost): Promise<boolean> {
    const key = `${cp.id}:${transactionId}`;
    const last = this.sent.get(key);
    const now = this.deps.clock.now().getTime();
    if (last ? last.amount === cost.amount || now - last.at < COST_UPDATE_INTERVAL_MS : cost.amount === 0)
      return false;
    if (!(await this.enabled(cp, 'Cost'))) return false;
    this.sent.set(key, { amount: cost.amount, at: now });
    await this.deps.send(cp.chargePointId, { totalCost: mainUnits(cost.amount), transactionId });
    return true;
  }

  /** The transaction ended: its final cost goes in the answer to the Ended event (I03). */
  ended(cp: Charger, transactionId: string): void {
    this.sent.delete(`${cp.id}:${transactionId}`);
  }

  /**
   * I01/I03 at authorization: an accepted card hears the charger's price in the driver's language
   * (after its balance, if prepaid), when the charger shows tariffs and bills by one tariff.
   */
  async withPrice(cp: Charger, info: IdTokenInfo, locale: Locale): Promise<IdTokenInfo> {
    if (info.status !== 'Accepted' || !(await this.enabled(cp, 'Tariff'))) return info;
    const tariff = await chargerTariff(this.deps.db, cp.id, this.deps.clock.now());
    if (!tariff) return info;
    const money = (minor: number) => formatMoney(locale, minor, tariff.currency);
    const price =
      tariff.paymentType === 'Free'
        ? translate(locale, 'display.priceFree')
        : tariff.fixedPrice > 0
          ? translate(locale, 'display.priceWithFee', {
              energy: money(tariff.pricePerKwh),
              fixed: money(tariff.fixedPrice),
            })
          : translate(locale, 'display.price', { energy: money(tariff.pricePerKwh) });
    const before = info.personalMessage?.content;
    const content = (before ? `${before} ${price}` : price).slice(0, 512);
    return { ...info, language1: locale, personalMessage: { format: 'UTF8', language: locale, content } };
  }
}

/** TariffCostCtrlr.Enabled[instance] as the charger last reported it. */
async function storedEnabled(db: Db, chargePointId: number, instance: 'Tariff' | 'Cost'): Promise<boolean> {
  const row = await storedVariable(db, chargePointId, 'TariffCostCtrlr', 'Enabled', instance);
  return row?.attributes.find((a) => a.type === 'Actual')?.value?.toLowerCase() === 'true';
}
