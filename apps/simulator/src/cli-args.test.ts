import { describe, expect, it } from 'vitest';
import { parseCli } from './cli-args.js';

describe('simulator CLI flags', () => {
  it('map the misbehaving-charger flags onto fleet options and configuration keys', () => {
    const config = parseCli([
      '--shared-cards',
      '0.05',
      '--revoked-rfid',
      'OLD-1, OLD-2',
      '--revoked-share',
      '0.02',
      '--ignore-invalid-id',
      '--resend-start',
      '0.1',
      '--config',
      'LocalPreAuthorize=true',
      '--config',
      'HeartbeatInterval=60',
    ]);
    expect(config?.fleet).toMatchObject({
      sharedCardShare: 0.05,
      revokedIdTags: ['OLD-1', 'OLD-2'],
      revokedCardShare: 0.02,
      resendStartOnReconnect: 0.1,
      config: {
        MeterValueSampleInterval: '60',
        StopTransactionOnInvalidId: 'false',
        MaxEnergyOnInvalidId: '1000000000',
        LocalPreAuthorize: 'true',
        HeartbeatInterval: '60',
      },
    });
  });

  it('leaves StopTransactionOnInvalidId to the OCPP default and refuses a malformed --config', () => {
    expect(parseCli([])?.fleet.config).toEqual({ MeterValueSampleInterval: '60' });
    expect(() => parseCli(['--config', 'novalue'])).toThrow(/key=value/);
    expect(() => parseCli(['--shared-cards', '5'])).toThrow(/between 0 and 1/);
  });
});
