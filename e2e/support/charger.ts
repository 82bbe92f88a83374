import type { Page } from 'playwright-core';
import { startCharger, startCharger201, type SimCharger, type SimCharger201 } from '@voltline/simulator';
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
