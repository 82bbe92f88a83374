import type { Ocpp201 } from '@voltline/contract';
import type { StoredAttribute } from '../../db/schema/index.js';
import type { NewVariableRow, VariableKey } from './device-model.repository.js';

export type ReportDatum = NonNullable<Ocpp201.NotifyReportRequest['reportData']>[number];

/**
 * One reported variable as a stored row. OCPP's defaults are written out (type Actual,
 * mutability ReadWrite, persistent and constant false) so the portal never guesses them.
 */
export function rowOf(chargePointId: number, d: ReportDatum, at: Date): NewVariableRow & VariableKey {
  const c = d.variableCharacteristics;
  return {
    chargePointId,
    componentName: d.component.name,
    componentInstance: d.component.instance ?? null,
    evseId: d.component.evse?.id ?? null,
    connectorId: d.component.evse?.connectorId ?? null,
    variableName: d.variable.name,
    variableInstance: d.variable.instance ?? null,
    attributes: d.variableAttribute.map((a): StoredAttribute => ({
      type: a.type ?? 'Actual',
      value: a.value ?? null,
      mutability: a.mutability ?? 'ReadWrite',
      persistent: a.persistent ?? false,
      constant: a.constant ?? false,
    })),
    unit: c?.unit ?? null,
    dataType: c?.dataType ?? null,
    minLimit: c?.minLimit ?? null,
    maxLimit: c?.maxLimit ?? null,
    valuesList: c?.valuesList ?? null,
    supportsMonitoring: c?.supportsMonitoring ?? null,
    reportedAt: at,
  };
}

/** The parts of one report, in seqNo order, are complete: 0..n with the last (tbc false) being n. */
export function complete(parts: { seqNo: number; tbc: boolean }[]): boolean {
  const last = parts.find((p) => !p.tbc);
  if (!last) return false;
  const seen = new Set(parts.map((p) => p.seqNo));
  for (let i = 0; i <= last.seqNo; i++) if (!seen.has(i)) return false;
  return true;
}
