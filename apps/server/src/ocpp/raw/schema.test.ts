import { describe, expect, it } from 'vitest';
import { OCPP_PROTOCOLS, RAW_CALL_ACTIONS } from '@voltline/contract';
import { checkRawRequest } from './schema.js';
import { rawSecrets } from './secrets.js';

// The raw console's schema check: every request it offers has its version's official schema, and
// a request is judged as ocpp-rpc's strict mode would judge it on the wire.

describe('the raw console’s schema check', () => {
  it('knows the schema of every request it offers, for each version', () => {
    for (const protocol of OCPP_PROTOCOLS) {
      for (const action of RAW_CALL_ACTIONS[protocol]) {
        expect({ protocol, action, known: checkRawRequest(protocol, action, {}) !== 'unknown' }).toEqual({
          protocol,
          action,
          known: true,
        });
      }
    }
  });

  it('takes a decimal limit that is a multiple of 0.1 despite floating point, as ocpp-rpc does', () => {
    const profile = {
      evseId: 0,
      chargingProfile: {
        id: 1,
        stackLevel: 0,
        chargingProfilePurpose: 'ChargingStationMaxProfile',
        chargingProfileKind: 'Absolute',
        chargingSchedule: [
          {
            id: 1,
            startSchedule: '2026-11-27T00:00:00Z',
            chargingRateUnit: 'A',
            chargingSchedulePeriod: [{ startPeriod: 0, limit: 0.3 }],
          },
        ],
      },
    };
    expect(checkRawRequest('ocpp2.0.1', 'SetChargingProfile', profile)).toEqual([]);
  });

  it('reports every problem, not only the first', () => {
    const problems = checkRawRequest('ocpp1.6', 'RemoteStartTransaction', { connectorId: 'one', extra: 1 });
    expect(problems).toEqual(
      expect.arrayContaining([
        { field: 'body.payload.idTag', key: 'validation.required' },
        { field: 'body.payload.connectorId', key: 'field.wholeNumber' },
        { field: 'body.payload', key: 'field.unknownFields', params: { keys: 'extra' } },
      ]),
    );
  });

  it('B05 redacts every BasicAuthPassword of a SetVariables, whatever the names’ case', () => {
    const secrets = rawSecrets('SetVariables', {
      setVariableData: [
        {
          component: { name: 'securityctrlr' },
          variable: { name: 'BasicAuthPassword' },
          attributeValue: 'a'.repeat(20),
        },
        {
          component: { name: 'OCPPCommCtrlr' },
          variable: { name: 'HeartbeatInterval' },
          attributeValue: '60',
        },
      ],
    });
    expect(JSON.stringify(secrets.logged)).not.toContain('a'.repeat(20));
    expect(JSON.stringify(secrets.logged)).toContain('"attributeValue":"60"');
    expect(secrets.password?.bytes.toString()).toBe('a'.repeat(20));
  });
});
