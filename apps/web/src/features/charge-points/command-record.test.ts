import { describe, expect, it } from 'vitest';
import { COMMAND_OUTCOMES } from '@voltline/contract';
import en from '../../../public/locales/en/chargePoints.json';
import tr from '../../../public/locales/tr/chargePoints.json';
import { OUTCOME_COLORS, requestSummary } from './command-record';

describe('a command request in one line', () => {
  it('lists the fields as key=value, without the charge point the page is about', () => {
    expect(
      requestSummary({ chargePointId: 'CP-1', requestedMessage: 'StatusNotification', connectorId: 1 }),
    ).toBe('requestedMessage=StatusNotification connectorId=1');
  });

  it('writes nested values as compact JSON and cuts long ones short', () => {
    const summary = requestSummary({
      key: ['HeartbeatInterval'],
      csChargingProfiles: { chargingProfileId: 1, stackLevel: 0, chargingProfilePurpose: 'TxDefaultProfile' },
    });
    expect(summary).toMatch(/^key=\["HeartbeatInterval"\] csChargingProfiles=\{"chargingProfileId":1,/);
    expect(summary.endsWith('…')).toBe(true);
    expect(summary.split(' ')[1]?.length).toBe('csChargingProfiles='.length + 40);
  });

  it('is empty for a command with nothing but the charge point (ClearCache)', () => {
    expect(requestSummary({ chargePointId: 'CP-1' })).toBe('');
  });
});

describe('outcome colours', () => {
  it('has a colour for every outcome of the contract, and shows a command waiting as in progress', () => {
    for (const outcome of COMMAND_OUTCOMES) expect(OUTCOME_COLORS[outcome]).toBeTruthy();
    expect(OUTCOME_COLORS.sent).toBe('processing');
  });

  it('names and explains every outcome in English and Turkish', () => {
    for (const catalog of [en, tr]) {
      const names: Record<string, string> = catalog.commandLog.outcomes;
      const hints: Record<string, string> = catalog.commandLog.outcomeHints;
      for (const outcome of COMMAND_OUTCOMES) {
        expect(names[outcome]).toBeTruthy();
        expect(hints[outcome]).toBeTruthy();
      }
    }
  });
});
