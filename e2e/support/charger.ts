import type { Page } from 'playwright-core';
import { startCharger, type SimCharger } from '@voltline/simulator';
import { api, uniqueName } from './browser';

type ChargerOptions = Omit<Parameters<typeof startCharger>[0], 'url' | 'id' | 'password'>;

/**
 * A charge point of `operator`, created through the API as staff would, with a postpaid tariff
 * (minor units per kWh and per session) on connector 1, and its simulated charger connected.
 */
export async function chargerWithTariff(
  page: Page,
  o: {
    id: string;
    operator: string;
    site: string;
    connectorCount: number;
    tariff: { name: string; price: number; fixed: number };
    charger: ChargerOptions;
  },
): Promise<SimCharger> {
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
  return startCharger({
    url: creds.ocppUrl.slice(0, -(o.id.length + 1)),
    id: o.id,
    password: creds.password,
    ...o.charger,
  });
}
