import type { Page } from 'playwright-core';
import { SimCharger201, startCharger, startCharger201, type SimCharger } from '@voltline/simulator';
import { api, uniqueName } from './browser';

type ChargerOptions = Omit<Parameters<typeof startCharger>[0], 'url' | 'id' | 'password'>;

interface ChargerWithTariff {
  id: string;
  operator: string;
  site: string;
  connectorCount: number;
  tariff: { name: string; price: number; fixed: number };
  charger: ChargerOptions;
}

/**
 * Creates the charge point of `operator` through the API as staff would, with a postpaid tariff
 * (minor units per kWh and per session) on connector 1; returns what its charger connects with.
 */
async function registerWithTariff(
  page: Page,
  o: ChargerWithTariff,
): Promise<{ url: string; id: string; password: string }> {
  const operators = await api<{ id: number; name: string }[]>(page, 'GET', 'portal/operator/lookup');
  const operatorId = operators.find((op) => op.name === o.operator)?.id;
  const tariff = await api<{ id: number }>(page, 'POST', 'portal/tariff', {
    name: uniqueName(o.tariff.name),
    operatorId,
    type: 'AC',
    paymentType: 'Postpaid',
    pricePerKwh: o.tariff.price,
    fixedPrice: o.tariff.fixed,
  });
  const creds = await api<{ ocppUrl: string; password: string }>(page, 'POST', 'portal/ChargePoint', {
    chargePointId: o.id,
    name: `${o.id} ${o.site}`,
    operatorId,
    connectorCount: o.connectorCount,
  });
  const connectors = await api<{ id: number; connectorId: number }[]>(
    page,
    'GET',
    `portal/connector?chargePointId=${o.id}`,
  );
  const connector = connectors.find((c) => c.connectorId === 1);
  await api(page, 'PUT', 'portal/connector', { id: connector?.id, tariffId: tariff.id });
  return { url: creds.ocppUrl.slice(0, -(o.id.length + 1)), id: o.id, password: creds.password };
}

/** A charge point with a tariff on connector 1 (see registerWithTariff), its OCPP 1.6 charger connected. */
export async function chargerWithTariff(page: Page, o: ChargerWithTariff): Promise<SimCharger> {
  return startCharger({ ...(await registerWithTariff(page, o)), ...o.charger });
}

/**
 * The same with an OCPP 2.0.1 charging station connected, EVSE n for connector n; resolves once
 * its BootNotification is answered.
 */
export async function charger201WithTariff(page: Page, o: ChargerWithTariff): Promise<SimCharger201> {
  return startCharger201({ ...(await registerWithTariff(page, o)), ...o.charger });
}

/**
 * Ends what a first attempt of a test left running, so its retry starts from the same place: every
 * session of these chargers stops and the server has the stop (StopTransaction or TransactionEvent
 * Ended answered), then the charger closes. Otherwise the retry finds a demo card still charging
 * (refused as ConcurrentTx) or the charger still counted online. Empties the array.
 */
export async function endLeftovers(chargers: Array<SimCharger | SimCharger201 | undefined>): Promise<void> {
  await Promise.all(
    chargers.splice(0).map(async (c) => {
      if (!c) return;
      const points = c instanceof SimCharger201 ? c.evses.length : c.connectors.length;
      for (let n = 1; n <= points; n++) c.stopSession(n);
      // A charger still rebooting (after a Reset) comes back by itself within seconds, and its
      // stops go out then: closed before, it would drop them and the server keep the sessions.
      for (let i = 0; i < 40 && !c.isClosed && !c.isConnected; i++)
        await new Promise((resolve) => setTimeout(resolve, 500));
      await c.outbox.settle().catch(() => undefined);
      await c.close().catch(() => undefined);
    }),
  );
}

/**
 * A new driver of `operator` with a card of this attempt's own, topped up for a prepaid operator:
 * a card a first attempt left charging (its charger closed, or its session never stopped) would
 * be refused as ConcurrentTx on the retry. Returns the card's number.
 */
export async function cardOfTheAttempt(page: Page, operator: string, prefix: string): Promise<string> {
  const card = uniqueName(prefix).slice(0, 20);
  const operators = await api<{ id: number; name: string }[]>(page, 'GET', 'portal/operator/lookup');
  const driver = await api<{ id: number }>(page, 'POST', 'portal/Driver', {
    name: 'Deniz',
    surname: 'Aksoy',
    operatorId: operators.find((o) => o.name === operator)?.id,
    rfidCards: [{ number: card }],
  });
  await api(page, 'POST', 'portal/driver/balance', {
    driverId: driver.id,
    amount: 100_000,
    reason: 'Top-up for the test',
  });
  return card;
}
