// @vitest-environment jsdom
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import type { AxiosAdapter, InternalAxiosRequestConfig } from 'axios';
import { ALERTS_API, type Alert, type Permission } from '@voltline/contract';
import { apiClient } from '../../lib/api-client';
import { drawSignedIn } from '../../test/draw';
import { prepareJsdom } from '../../test/jsdom';
import { AlertsCard } from './components/alerts-card';

/** The Alerts card of a charge point's page, drawn in jsdom against a fake server, in English. */

beforeAll(async () => {
  await prepareJsdom(['chargePoints', 'alerts']);
});

const alert = (over: Partial<Alert>): Alert => ({
  id: 1,
  operatorId: 1,
  operatorName: 'Voltline İstanbul',
  ruleId: 1,
  kind: 'charger_offline',
  state: 'open',
  raisedAt: '2026-11-20T08:00:00.000Z',
  acknowledgedAt: null,
  acknowledgedBy: null,
  assignedTo: null,
  assignedToName: null,
  resolvedAt: null,
  resolvedBy: null,
  resolution: null,
  subjectCount: 1,
  ...over,
});

/** The server's alerts of the charger, by state; every request is kept. */
let stored: Alert[];
let asked: Record<string, unknown>[];

const adapter: AxiosAdapter = (config: InternalAxiosRequestConfig) => {
  const params = (config.params ?? {}) as Record<string, unknown>;
  asked.push(params);
  const items =
    config.url === ALERTS_API.list && params.chargePointId === 'CP-7'
      ? stored.filter((a) => a.state === params.state)
      : [];
  return Promise.resolve({
    data: { data: { items, total: items.length, index: 0, size: 20 } },
    status: 200,
    statusText: '',
    headers: {},
    config,
  });
};

const draw = (permissions: Permission[]) => drawSignedIn(<AlertsCard chargePointId="CP-7" />, permissions);

beforeEach(() => {
  apiClient.defaults.adapter = adapter;
  asked = [];
  stored = [
    alert({ id: 11, state: 'open', subjectCount: 50 }),
    alert({ id: 12, state: 'acknowledged', assignedTo: 3, assignedToName: 'Ayşe Kaya' }),
    alert({ id: 13, state: 'resolved', resolution: 'cleared' }),
  ];
});

afterEach(cleanup);

describe("a charge point's Alerts card", () => {
  it('lists the open and acknowledged alerts that hold the charger, with who has them and the group', async () => {
    draw(['chargePoints:read', 'alerts:read']);
    const first = await screen.findByTestId('cp-alert-11');
    expect(first.textContent).toBe('Charger offline');
    expect(first.getAttribute('href')).toBe('/portal/alerts/11');
    expect(screen.getByTestId('cp-alert-12')).toBeTruthy();
    expect(screen.queryByTestId('cp-alert-13')).toBeNull();
    expect(screen.getByText('With 50 chargers')).toBeTruthy();
    expect(screen.getByText('Ayşe Kaya')).toBeTruthy();
    expect(screen.getByText('Acknowledged')).toBeTruthy();
    expect(screen.getByTestId('cp-alerts-open-count').textContent).toBe('1 open');
    expect(asked.map((p) => p.state).sort()).toEqual(['acknowledged', 'open']);
  });

  it('says so when nothing needs staff', async () => {
    stored = [];
    draw(['chargePoints:read', 'alerts:read']);
    expect(await screen.findByText(/Nothing needs staff here/)).toBeTruthy();
    expect(screen.queryByTestId('cp-alerts-open-count')).toBeNull();
  });

  it('is not shown, and asks nothing, to a user who may not read alerts', async () => {
    draw(['chargePoints:read']);
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByTestId('cp-alerts')).toBeNull();
    expect(asked).toEqual([]);
  });
});
