import { createRequire } from 'node:module';
import ocppRpc from 'ocpp-rpc';
import { describe, expect, it } from 'vitest';
import type { CallTarget } from '../gateway.js';
import { v201CallTarget, type V201Lookups } from './commands.js';

const require = createRequire(import.meta.url);
const schemas = ocppRpc.createValidator(
  'ocpp2.0.1',
  require('ocpp-rpc/lib/schemas/ocpp2_0_1.json') as object[],
);
const CP = { id: 7, chargePointId: 'CP-A05' };
const lookups: V201Lookups = {
  chargerTransactionId: () => Promise.resolve(null),
  sessionIdOf: () => Promise.resolve(null),
};

const read = (priority: string, timeout: string) => ({
  getVariableResult: [
    {
      attributeStatus: 'Accepted',
      attributeValue: priority,
      component: { name: 'OCPPCommCtrlr' },
      variable: { name: 'NetworkConfigurationPriority' },
    },
    {
      attributeStatus: 'Accepted',
      attributeValue: timeout,
      component: { name: 'OCPPCommCtrlr' },
      variable: { name: 'MessageTimeout', instance: 'Default' },
    },
  ],
});
const set = (attributeStatus: string) => ({
  setVariableResult: [
    {
      attributeStatus,
      component: { name: 'OCPPCommCtrlr' },
      variable: { name: 'NetworkConfigurationPriority' },
    },
  ],
});

/** A 2.0.1 charger answering each action as told; every CALL and answer valid by the 2.0.1 schemas. */
function charger(answers: Record<string, unknown>) {
  const calls: { action: string; payload: unknown }[] = [];
  const socket: CallTarget = {
    async call(action, payload) {
      const answer = answers[action];
      await schemas.validate(`urn:${action}.req`, payload);
      await schemas.validate(`urn:${action}.conf`, answer);
      calls.push({ action, payload });
      return answer;
    },
    close: () => Promise.resolve(),
  };
  const url = (profile: number) => `${profile >= 2 ? 'wss' : 'ws'}://csms.example/ocpp`;
  return { target: v201CallTarget(socket, CP, lookups, url), calls };
}

const raise = (cp: ReturnType<typeof charger>, value: string) =>
  cp.target.call('ChangeConfiguration', { key: 'SecurityProfile', value });

describe('A05 as the 2.0.1 adapter says it', () => {
  it('A05 writes the lowest slot not in use with the charger’s timeout, prioritises it alone and resets once idle', async () => {
    const cp = charger({
      GetVariables: read('0,1', '45'),
      SetNetworkProfile: { status: 'Accepted' },
      SetVariables: set('Accepted'),
      Reset: { status: 'Scheduled' },
    });
    expect(await raise(cp, '3')).toEqual({
      status: 'Accepted',
      chargerStatus: 'Scheduled',
      appliesOnReconnect: true,
    });
    expect(cp.calls.map((c) => c.action)).toEqual([
      'GetVariables',
      'SetNetworkProfile',
      'SetVariables',
      'Reset',
    ]);
    expect(cp.calls[1]?.payload).toMatchObject({
      configurationSlot: 1,
      connectionData: { ocppCsmsUrl: 'wss://csms.example/ocpp', securityProfile: 3, messageTimeout: 45 },
    });
    expect(cp.calls[2]?.payload).toMatchObject({ setVariableData: [{ attributeValue: '1' }] });
    expect(cp.calls[3]?.payload).toEqual({ type: 'OnIdle' });
  });

  it('A05 a Failed SetNetworkProfile ends it there, in the charger’s word', async () => {
    const cp = charger({ GetVariables: read('1', 'x'), SetNetworkProfile: { status: 'Failed' } });
    expect(await raise(cp, '2')).toEqual({
      status: 'Rejected',
      chargerStatus: 'Failed',
      refusedAt: 'networkProfile',
    });
    expect(cp.calls.map((c) => c.action)).toEqual(['GetVariables', 'SetNetworkProfile']);
    // No readable timeout: the guideline's 30 s.
    expect(cp.calls[1]?.payload).toMatchObject({
      configurationSlot: 0,
      connectionData: { messageTimeout: 30 },
    });
  });

  it('A05 a refused priority ends it before the reset', async () => {
    const cp = charger({
      GetVariables: read('1', '30'),
      SetNetworkProfile: { status: 'Accepted' },
      SetVariables: set('Rejected'),
    });
    expect(await raise(cp, '2')).toEqual({
      status: 'Rejected',
      chargerStatus: 'Rejected',
      refusedAt: 'priority',
    });
    expect(cp.calls.map((c) => c.action)).not.toContain('Reset');
  });
});
