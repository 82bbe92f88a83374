import type { ComponentRef, DeviceVariable, VariableRef, VariableResult } from '@voltline/contract';
import type { VariableKey, VariableRow } from './device-model.repository.js';

/** A component and variable as OCPP messages carry them. */
interface OcppRefs {
  component: { name: string; instance?: string; evse?: { id: number; connectorId?: number } };
  variable: { name: string; instance?: string };
}

export function keyOfRefs(component: ComponentRef, variable: VariableRef): VariableKey {
  return {
    componentName: component.name,
    componentInstance: component.instance ?? null,
    evseId: component.evseId ?? null,
    connectorId: component.connectorId ?? null,
    variableName: variable.name,
    variableInstance: variable.instance ?? null,
  };
}

/** A key as text, names without regard to case (as OCPP compares them), with the attribute type. */
export function keyText(k: VariableKey, type: string): string {
  return [k.componentName.toLowerCase(), k.componentInstance?.toLowerCase(), k.evseId, k.connectorId]
    .concat([k.variableName.toLowerCase(), k.variableInstance?.toLowerCase(), type])
    .map((p) => (p === null || p === undefined ? '' : String(p)))
    .join('|');
}

export function toOcpp(item: { component: ComponentRef; variable: VariableRef }): OcppRefs {
  const c = item.component;
  const evse =
    c.evseId === null || c.evseId === undefined
      ? {}
      : {
          evse: {
            id: c.evseId,
            ...(c.connectorId === null || c.connectorId === undefined ? {} : { connectorId: c.connectorId }),
          },
        };
  return {
    component: { name: c.name, ...(c.instance ? { instance: c.instance } : {}), ...evse },
    variable: {
      name: item.variable.name,
      ...(item.variable.instance ? { instance: item.variable.instance } : {}),
    },
  };
}

function fromOcpp(refs: OcppRefs): { component: ComponentRef; variable: VariableRef } {
  return {
    component: {
      name: refs.component.name,
      instance: refs.component.instance ?? null,
      evseId: refs.component.evse?.id ?? null,
      connectorId: refs.component.evse?.connectorId ?? null,
    },
    variable: { name: refs.variable.name, instance: refs.variable.instance ?? null },
  };
}

/** One entry of a GetVariables or SetVariables answer, as the API returns it. */
export function resultOf(
  r: OcppRefs & {
    attributeType?: VariableResult['attributeType'];
    attributeStatus: VariableResult['status'];
    attributeStatusInfo?: { reasonCode: string };
  },
  value: string | null,
): VariableResult {
  return {
    ...fromOcpp(r),
    attributeType: r.attributeType ?? 'Actual',
    status: r.attributeStatus,
    value,
    reason: r.attributeStatusInfo?.reasonCode ?? null,
  };
}

export function variableOf(row: VariableRow): DeviceVariable {
  return {
    component: {
      name: row.componentName,
      instance: row.componentInstance,
      evseId: row.evseId,
      connectorId: row.connectorId,
    },
    variable: { name: row.variableName, instance: row.variableInstance },
    attributes: row.attributes,
    characteristics: row.dataType
      ? {
          unit: row.unit,
          dataType: row.dataType as NonNullable<DeviceVariable['characteristics']>['dataType'],
          minLimit: row.minLimit,
          maxLimit: row.maxLimit,
          valuesList: row.valuesList ? row.valuesList.split(',').map((v) => v.trim()) : null,
          supportsMonitoring: row.supportsMonitoring ?? false,
        }
      : null,
    reportedAt: row.reportedAt.toISOString(),
  };
}
