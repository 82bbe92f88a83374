// @vitest-environment jsdom
import { afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { cleanup, screen } from '@testing-library/react';
import type { AxiosAdapter } from 'axios';
import { ROAMING_API, type ChargePointPublication, type Permission } from '@voltline/contract';
import { apiClient } from '../../lib/api-client';
import { drawSignedIn } from '../../test/draw';
import { prepareJsdom } from '../../test/jsdom';
import { RoamingCard } from './components/roaming-card';

/** The Roaming card of a charge point's page, drawn in jsdom against a fake server, in English. */

beforeAll(async () => {
  await prepareJsdom(['chargePoints']);
});

let answer: ChargePointPublication;

const adapter: AxiosAdapter = (config) => {
  const found = config.url === ROAMING_API.chargePoint(7);
  const response = {
    data: found ? { data: answer } : { error: 'Not found' },
    status: found ? 200 : 404,
    statusText: '',
    headers: {},
    config,
  };
  return found ? Promise.resolve(response) : Promise.reject(Object.assign(new Error('404'), { response }));
};

const draw = (permissions: Permission[]) => drawSignedIn(<RoamingCard id={7} />, permissions);

beforeEach(() => {
  apiClient.defaults.adapter = adapter;
  answer = {
    openData: true,
    missing: [],
    partners: [
      {
        id: 1,
        name: 'Hub North',
        state: 'registered',
        countryCode: 'DE',
        partyId: 'HBN',
        tariffName: 'Roaming AC',
      },
      { id: 2, name: 'New eMSP', state: 'invited', countryCode: null, partyId: null, tariffName: null },
    ],
  };
});

afterEach(cleanup);

describe("a charge point's Roaming card", () => {
  it('lists the partners with their party, state in words and tariff, and open data', async () => {
    draw(['chargePoints:read']);
    expect((await screen.findByTestId('cp-roaming-state-1')).textContent).toBe('Registered');
    expect(screen.getByTestId('cp-roaming-state-2').textContent).toBe('Invited');
    expect(screen.getByText('DE-HBN')).toBeTruthy();
    expect(screen.getByText('Roaming AC')).toBeTruthy();
    expect(screen.getByText("Each connector's own")).toBeTruthy();
    expect(screen.getByTestId('cp-roaming-open-data').textContent).toBe('Open data (AFIR): Published');
    expect(screen.queryByTestId('cp-roaming-missing')).toBeNull();
  });

  it('says what keeps the charge point from being published, and that open data is not', async () => {
    answer = { openData: false, missing: ['notAccepted', 'noCoordinates'], partners: [] };
    draw(['chargePoints:read']);
    const missing = await screen.findByTestId('cp-roaming-missing');
    expect(missing.textContent).toContain('It is not accepted');
    expect(missing.textContent).toContain('It has no coordinates');
    expect(missing.textContent).not.toContain('archived');
    expect(screen.getByTestId('cp-roaming-open-data').textContent).toBe('Open data (AFIR): Not published');
    expect(
      screen.getByText("This charge point's operator is not published to any roaming partner."),
    ).toBeTruthy();
  });

  it('links to the Roaming screen only for a user who reads it', async () => {
    draw(['chargePoints:read']);
    await screen.findByTestId('cp-roaming-state-1');
    expect(screen.queryByTestId('cp-roaming-link')).toBeNull();
    cleanup();
    draw(['chargePoints:read', 'roaming:read']);
    await screen.findByTestId('cp-roaming-state-1');
    expect(screen.getByTestId('cp-roaming-link').getAttribute('href')).toBe('/portal/integrations/roaming');
  });
});
