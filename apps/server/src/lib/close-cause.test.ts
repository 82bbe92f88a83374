import { describe, expect, it } from 'vitest';
import { describeClose } from './close-cause.js';

describe('why a charger disconnected', () => {
  it('tells a charger’s orderly close from a lost connection and an error, keeping its words aside', () => {
    expect(describeClose('1000 Charger closing')).toEqual({
      closeCode: 1000,
      closeCause: 'chargerClosed',
      closeReason: 'Charger closing',
    });
    expect(describeClose('1001')).toEqual({
      closeCode: 1001,
      closeCause: 'chargerClosed',
      closeReason: null,
    });
    expect(describeClose('1006 connection lost')).toMatchObject({
      closeCode: 1006,
      closeCause: 'connectionLost',
    });
    expect(describeClose('1005')).toMatchObject({ closeCause: 'connectionLost' });
    expect(describeClose('1008 policy')).toMatchObject({ closeCode: 1008, closeCause: 'error' });
    expect(describeClose('4000 vendor reboot')).toMatchObject({ closeCode: 4000, closeCause: 'error' });
  });

  it('recognises the closes Voltline makes itself', () => {
    expect(describeClose('1000 Charge point archived')).toEqual({
      closeCode: 1000,
      closeCause: 'archived',
      closeReason: null,
    });
    expect(describeClose('1001 server shutting down')).toMatchObject({ closeCause: 'serverStopped' });
    expect(describeClose('server restart')).toEqual({
      closeCode: null,
      closeCause: 'serverRestarted',
      closeReason: null,
    });
  });

  it('keeps text it cannot explain as it was, and nothing for nothing', () => {
    expect(describeClose('something odd')).toEqual({
      closeCode: null,
      closeCause: null,
      closeReason: 'something odd',
    });
    expect(describeClose(null)).toEqual({ closeCode: null, closeCause: null, closeReason: null });
    expect(describeClose('  ')).toEqual({ closeCode: null, closeCause: null, closeReason: null });
  });
});
