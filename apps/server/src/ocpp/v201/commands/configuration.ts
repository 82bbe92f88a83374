import type { Ocpp, Ocpp201 } from '@voltline/contract';
import { notSupported } from '../../gateway.js';
import { authorizationKeyBytes } from '../../../lib/charger-auth.js';
import type { CommandAnswer, V201Context } from './context.js';
import { KNOWN_KEYS, variableOf, type Variable } from './keys.js';
import { raiseSecurityProfile } from './network.js';

/** What "all keys" asks a 2.0.1 charger for: the write-only password is never read back. */
const READABLE_KEYS = Object.keys(KNOWN_KEYS).filter((key) => key !== 'AuthorizationKey');

type GetData = Ocpp201.GetVariablesRequest['getVariableData'][number];

function toData(v: Variable): Pick<GetData, 'component' | 'variable'> {
  return {
    component: { name: v.component },
    variable: { name: v.variable, ...(v.instance ? { instance: v.instance } : {}) },
  };
}

function sameVariable(a: Pick<GetData, 'component' | 'variable'>, v: Variable): boolean {
  return (
    a.component.name === v.component &&
    a.variable.name === v.variable &&
    (a.variable.instance ?? undefined) === v.instance
  );
}

/**
 * B06 through GetConfiguration: each key, a 1.6 standard key or `Component.Variable[.instance]`,
 * is read with GetVariables and answered as 1.6 does (configurationKey, unknownKey). A key that is
 * neither is unknown without asking. Without keys 1.6 means "all": 2.0.1 reports all only through
 * GetBaseReport (asynchronously, by NotifyReport), so the known standard keys are asked for.
 */
export async function getConfiguration(
  req: Ocpp.GetConfigurationRequest,
  ctx: V201Context,
): Promise<CommandAnswer<'GetConfiguration'>> {
  const asked = req.key && req.key.length > 0 ? req.key : READABLE_KEYS;
  const unknownKey: string[] = [];
  const wanted: { key: string; variable: Variable }[] = [];
  for (const key of asked) {
    const variable = variableOf(key);
    if (variable) wanted.push({ key, variable });
    else unknownKey.push(key);
  }
  const configurationKey: NonNullable<Ocpp.GetConfigurationResponse['configurationKey']> = [];
  if (wanted.length > 0) {
    const answer = await ctx.call('GetVariables', {
      getVariableData: wanted.map(({ variable }) => toData(variable)),
    });
    for (const { key, variable } of wanted) {
      const result = answer.getVariableResult.find((r) => sameVariable(r, variable));
      if (result?.attributeStatus === 'Accepted') {
        configurationKey.push({
          key,
          readonly: variable.readonly,
          ...(result.attributeValue !== undefined ? { value: result.attributeValue } : {}),
        });
      } else if (req.key && req.key.length > 0) {
        // Asked for by name and not there: 1.6 reports it unknown. Asked for as "all", it is left out.
        unknownKey.push(key);
      }
    }
  }
  return {
    configurationKey,
    ...(unknownKey.length > 0 ? { unknownKey } : {}),
  };
}

const SET_16: Record<
  Ocpp201.SetVariablesResponse['setVariableResult'][number]['attributeStatus'],
  Ocpp.ChangeConfigurationResponse['status']
> = {
  Accepted: 'Accepted',
  Rejected: 'Rejected',
  RebootRequired: 'RebootRequired',
  UnknownComponent: 'NotSupported',
  UnknownVariable: 'NotSupported',
  NotSupportedAttributeType: 'NotSupported',
};

/**
 * A01: the 1.6 security edition sends the next Basic-auth password as AuthorizationKey in
 * hexadecimal; 2.0.1's BasicAuthPassword is the password as text. Voltline's passwords are
 * printable, so the text goes; a binary key stays in hexadecimal, which Voltline also accepts
 * back as the password it spells (passwordCandidates).
 */
function basicAuthPassword(value: string): string {
  const bytes = authorizationKeyBytes(value);
  if (!bytes) return value;
  const text = bytes.toString('latin1');
  return /^[\x21-\x7e]+$/.test(text) ? text : value;
}

/**
 * B05 through ChangeConfiguration: one SetVariables of the key's variable, answered as 1.6 does.
 * A key with no 2.0.1 variable is refused unsent; SecurityProfile is raised as A05 says.
 */
export async function changeConfiguration(
  req: Ocpp.ChangeConfigurationRequest,
  ctx: V201Context,
): Promise<CommandAnswer<'ChangeConfiguration'>> {
  const variable = variableOf(req.key);
  if (!variable) throw notSupported(ctx.charger.chargePointId, `ChangeConfiguration ${req.key}`);
  // A05: SecurityCtrlr.SecurityProfile is read-only; a new network connection profile raises it.
  if (variable.component === 'SecurityCtrlr' && variable.variable === 'SecurityProfile') {
    return raiseSecurityProfile(req.value, ctx);
  }
  const password = variable.component === 'SecurityCtrlr' && variable.variable === 'BasicAuthPassword';
  const answer = await ctx.call('SetVariables', {
    setVariableData: [
      { ...toData(variable), attributeValue: password ? basicAuthPassword(req.value) : req.value },
    ],
  });
  const result =
    answer.setVariableResult.find((r) => sameVariable(r, variable)) ?? answer.setVariableResult[0];
  if (!result) return { status: 'Rejected' };
  return { status: SET_16[result.attributeStatus], chargerStatus: result.attributeStatus };
}
