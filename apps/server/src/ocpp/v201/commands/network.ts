import type { Ocpp201 } from '@voltline/contract';
import type { CommandAnswer, V201Context } from './context.js';

type ConnectionData = Ocpp201.SetNetworkProfileRequest['connectionData'];

const PRIORITY = { component: { name: 'OCPPCommCtrlr' }, variable: { name: 'NetworkConfigurationPriority' } };
const TIMEOUT = {
  component: { name: 'OCPPCommCtrlr' },
  variable: { name: 'MessageTimeout', instance: 'Default' },
};

/** The slots of a NetworkConfigurationPriority value ("1,0"), in order; junk is left out. */
export function slotsOf(value: string | undefined): number[] {
  return (value ?? '')
    .split(',')
    .map((s) => s.trim())
    .filter((s) => /^\d{1,9}$/.test(s))
    .map(Number);
}

/**
 * A05: a 2.0.1 charger takes a higher security profile from a new NetworkConnectionProfile, never
 * from SecurityCtrlr.SecurityProfile (read-only). The translation of ChangeConfiguration
 * SecurityProfile:
 * 1. reads the charger's NetworkConfigurationPriority and message timeout;
 * 2. SetNetworkProfile in the lowest slot other than the one it is connected through (the first
 *    of the priority list), with Voltline's URL for the profile (wss:// from profile 2) and the
 *    new securityProfile;
 * 3. SetVariables NetworkConfigurationPriority to that slot alone, so the charger never falls back
 *    to a connection of the lower profile;
 * 4. Reset OnIdle: the charger reconnects through the new profile once its transactions are over.
 * A refusal at any step ends it and is answered with the charger's own word and the step
 * (`refusedAt`). Accepted means the charger will reconnect with the profile, which it has not yet
 * done: `appliesOnReconnect` keeps the profile pending until it does (handshake.ts).
 */
export async function raiseSecurityProfile(
  value: string,
  ctx: V201Context,
): Promise<CommandAnswer<'ChangeConfiguration'>> {
  const securityProfile = Number(value.trim());
  const read = await ctx.call('GetVariables', { getVariableData: [PRIORITY, TIMEOUT] });
  const valueOf = (name: string) =>
    read.getVariableResult.find((r) => r.variable.name === name && r.attributeStatus === 'Accepted')
      ?.attributeValue;
  const active = slotsOf(valueOf('NetworkConfigurationPriority'))[0];
  const timeout = Number(valueOf('MessageTimeout'));
  let slot = 0;
  while (slot === active) slot += 1;
  const connectionData: ConnectionData = {
    ocppVersion: 'OCPP20',
    ocppTransport: 'JSON',
    ocppCsmsUrl: ctx.csmsUrl(securityProfile),
    messageTimeout: Number.isInteger(timeout) && timeout > 0 ? timeout : 30,
    securityProfile,
    ocppInterface: 'Wired0',
  };
  const network = await ctx.call('SetNetworkProfile', { configurationSlot: slot, connectionData });
  if (network.status !== 'Accepted') {
    return { status: 'Rejected', chargerStatus: network.status, refusedAt: 'networkProfile' };
  }
  const priority = await ctx.call('SetVariables', {
    setVariableData: [{ ...PRIORITY, attributeValue: String(slot) }],
  });
  const set = priority.setVariableResult[0]?.attributeStatus ?? 'Rejected';
  if (set !== 'Accepted' && set !== 'RebootRequired') {
    return { status: 'Rejected', chargerStatus: set, refusedAt: 'priority' };
  }
  const reset = await ctx.call('Reset', { type: 'OnIdle' });
  if (reset.status === 'Rejected') {
    return { status: 'Rejected', chargerStatus: reset.status, refusedAt: 'reset' };
  }
  return { status: 'Accepted', chargerStatus: reset.status, appliesOnReconnect: true };
}
