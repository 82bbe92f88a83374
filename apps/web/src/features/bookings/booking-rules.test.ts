import { describe, expect, it } from 'vitest';
import type { RfidCard } from '@voltline/contract';
import {
  cancellable,
  connectorChoices,
  defaultConnector,
  defaultExpiry,
  expiryProblem,
  filterFromParams,
  filterToParams,
  usableCards,
} from './booking-rules';

const now = new Date('2026-11-26T10:00:00Z');
const at = (minutes: number) => new Date(now.getTime() + minutes * 60_000);

describe('booking rules', () => {
  it('says what is wrong with an expiry as the server would', () => {
    expect(expiryProblem(at(-1), now)).toBe('past');
    expect(expiryProblem(at(0), now)).toBe('past');
    expect(expiryProblem(at(4), now)).toBe('tooSoon');
    expect(expiryProblem(at(5), now)).toBeNull();
    expect(expiryProblem(at(24 * 60), now)).toBeNull();
    expect(expiryProblem(at(24 * 60 + 1), now)).toBe('tooFar');
    expect(expiryProblem(defaultExpiry(now), now)).toBeNull();
  });

  it('offers any connector first, then the connectors in use, in order', () => {
    expect(
      connectorChoices([
        { connectorId: 2, archived: false },
        { connectorId: 3, archived: true },
        { connectorId: 1, archived: false },
      ]),
    ).toEqual([0, 1, 2]);
  });

  it('starts a new booking on the first available connector, never on "any connector"', () => {
    const c = (connectorId: number, status: string, archived = false) => ({ connectorId, status, archived });
    expect(defaultConnector([c(2, 'Available'), c(1, 'Available')])).toBe(1);
    expect(defaultConnector([c(1, 'Charging'), c(3, 'Available', true), c(2, 'Available')])).toBe(2);
    expect(defaultConnector([c(2, 'Charging'), c(1, 'Faulted')])).toBe(1);
    expect(defaultConnector([])).toBeUndefined();
  });

  it('offers only cards that may book, and cancels only holding bookings', () => {
    const card = (id: number, over: Partial<RfidCard>) =>
      ({ id, status: 'active', archived: false, expired: false, ...over }) as RfidCard;
    const cards = [
      card(1, {}),
      card(2, { status: 'blocked' }),
      card(3, { archived: true }),
      card(4, { expired: true }),
    ];
    expect(usableCards(cards).map((c) => c.id)).toEqual([1]);
    expect(cancellable('active')).toBe(true);
    expect(cancellable('used')).toBe(false);
  });

  it('keeps the filters in the address and drops what is not valid', () => {
    const params = filterToParams({
      index: 2,
      filter: { state: 'active', chargePointId: 'CP-1', driverId: 4 },
    });
    expect(params.toString()).toBe('index=2&state=active&chargePointId=CP-1&driverId=4');
    expect(filterFromParams(params)).toEqual({
      index: 2,
      filter: { state: 'active', chargePointId: 'CP-1', driverId: 4 },
    });
    expect(filterFromParams(new URLSearchParams('state=bogus&driverId=-1&from=x'))).toEqual({
      index: 0,
      filter: {},
    });
  });
});
