// @vitest-environment jsdom
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import type { Session, SessionPage } from '@voltline/contract';
import { prepareJsdom } from '../../test/jsdom';
import { SessionTable } from './components/session-table';
import { RoamingSection } from './components/session-roaming';

/** A roaming partner's driver's session in the report and on its page, drawn in jsdom, in English. */

beforeAll(async () => {
  await prepareJsdom(['sessions']);
  // A wide screen: the driver column shows from the md breakpoint up.
  const narrow = window.matchMedia.bind(window);
  Object.defineProperty(window, 'matchMedia', {
    configurable: true,
    value: (query: string) => ({ ...narrow(query), matches: true }),
  });
});
afterEach(cleanup);

const roaming = {
  partnerId: 3,
  partnerName: 'Hub North',
  partyId: 'DE*ABC',
  tokenUid: '04A1B2C3',
  contractId: 'DE-ABC-C12345678-X',
  authorizationReference: 'AUTH-REF-1',
};

const session = (id: number, extra: Partial<Session>): Session => ({
  id,
  chargePointId: 'CP-1',
  chargePointName: 'Kadıköy',
  operatorId: 1,
  operatorName: 'Voltline İstanbul',
  connectorId: 1,
  idTag: 'DEMO0001',
  driverId: null,
  driverName: null,
  startedAt: '2026-11-01T10:00:00.000Z',
  stoppedAt: '2026-11-01T11:00:00.000Z',
  chargingEndedAt: null,
  durationSeconds: 3600,
  meterStart: 0,
  meterStop: 5000,
  energyWh: 5000,
  powerW: null,
  soc: null,
  stopReason: null,
  state: 'completed',
  authorization: 'Accepted',
  unauthorized: false,
  closeNote: null,
  reviewReasons: [],
  reviewNote: null,
  tariff: null,
  cost: null,
  currency: null,
  roaming: null,
  ...extra,
});

// The first Ant Design table drawn in jsdom takes seconds on a busy machine: not a check of speed.
describe('roaming sessions', { timeout: 30_000 }, () => {
  it("name the partner and contract in the driver's place, and leave others as they were", () => {
    const page: SessionPage = {
      items: [
        session(1, { idTag: '04A1B2C3', roaming }),
        session(2, { driverId: 9, driverName: 'Ali Yılmaz' }),
      ],
      total: 2,
      index: 0,
      size: 20,
      totals: { sessions: 2, energyWh: 10_000, revenue: 0 },
    };
    render(
      <MemoryRouter>
        <SessionTable page={page} live={false} loading={false} onPage={() => {}} onOpen={() => {}} />
      </MemoryRouter>,
    );
    const cells = screen.getAllByTestId('session-roaming');
    expect(cells).toHaveLength(1);
    expect(cells[0]!.textContent).toContain('Roaming');
    expect(cells[0]!.textContent).toContain('Hub North');
    expect(cells[0]!.textContent).toContain('DE-ABC-C12345678-X');
    expect(screen.getByText('Ali Yılmaz')).toBeTruthy();
    expect(screen.queryByText('Unregistered card')).toBeNull();
  });

  it('show partner, party, token, contract and authorization on the session page', () => {
    render(<RoamingSection roaming={roaming} />);
    const section = within(screen.getByTestId('session-roaming-details'));
    for (const [label, value] of [
      ['Roaming partner', 'Hub North'],
      ['Party', 'DE*ABC'],
      ['Token UID', '04A1B2C3'],
      ['Contract ID', 'DE-ABC-C12345678-X'],
      ['Authorization reference', 'AUTH-REF-1'],
    ] as [string, string][])
      expect(section.getByText(label).closest('tr')?.textContent).toContain(value);
  });

  it('leave out an authorization reference the session has none of', () => {
    render(<RoamingSection roaming={{ ...roaming, authorizationReference: null }} />);
    expect(screen.queryByText('Authorization reference')).toBeNull();
  });
});
