import { describeTariff, parseEvseCode } from '@voltline/contract';
import type { Db } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import type { PaymentProviders } from '../payment-providers/registry.js';
import { componentsOf, tariffOfConnector } from '../tariffs/tariffs.repository.js';
import * as repo from './adhoc.repository.js';
import type { PublicConnector } from './adhoc.repository.js';
import { PAY_WORDS, fill, type PayLanguage } from './adhoc.words.js';

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

/** The connector states a charge can start from (a plugged-in car's too). */
const USABLE = new Set(['Available', 'Preparing', 'SuspendedEV', 'Finishing', 'Occupied']);

/** The connector behind a public code, with its price; undefined when no such connector. */
export async function connectorOffer(
  deps: { db: Db; clock: Clock; providers: PaymentProviders },
  code: string,
  lang: PayLanguage,
): Promise<ConnectorOffer | undefined> {
  const parsed = parseEvseCode(code);
  if (!parsed) return undefined;
  const c = await repo.connectorByCode(deps.db, parsed.chargePointId, parsed.connectorId);
  if (!c || c.archivedAt || c.cpArchivedAt || c.registrationStatus !== 'accepted') return undefined;
  const w = PAY_WORDS[lang];
  const now = deps.clock.now();
  const tariff = await deps.db.transaction((tx) => tariffOfConnector(tx, c.cpId, c.connectorId, now));
  const free = tariff?.paymentType === 'Free';
  const price =
    tariff && !free
      ? describeTariff(componentsOf(tariff), tariff.currency, lang, {
          vatRate: c.vatRate,
          pricesIncludeVat: c.pricesIncludeVat,
        })
      : null;
  const provider = deps.providers.forOperator(c.operatorPath);
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
