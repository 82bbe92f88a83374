import type { Ocpp201 } from '@voltline/contract';

export type Component = Ocpp201.GetVariablesRequest['getVariableData'][number]['component'];
export type VariableRef = Ocpp201.GetVariablesRequest['getVariableData'][number]['variable'];
export type ReportData = NonNullable<Ocpp201.NotifyReportRequest['reportData']>[number];
type Characteristics = NonNullable<ReportData['variableCharacteristics']>;
export type Mutability = 'ReadOnly' | 'ReadWrite' | 'WriteOnly';
type GetResult = Ocpp201.GetVariablesResponse['getVariableResult'][number];
type SetResult = Ocpp201.SetVariablesResponse['setVariableResult'][number];

interface Variable {
  component: Component;
  variable: VariableRef;
  mutability: Mutability;
  dataType: Characteristics['dataType'];
  unit?: string;
  valuesList?: string;
  minLimit?: number;
  maxLimit?: number;
  /** Stored value; `read` wins for values the charger's state decides (availability). */
  value: string;
  read?: () => string;
}

export interface VariableSpec {
  component: string;
  variable: string;
  value: string;
  mutability?: Mutability;
  dataType?: Characteristics['dataType'];
  instance?: string;
  variableInstance?: string;
  evse?: { id: number; connectorId?: number };
  unit?: string;
  valuesList?: string;
  minLimit?: number;
  maxLimit?: number;
  read?: () => string;
}

const key = (c: Component, v: VariableRef): string =>
  [c.name, c.instance ?? '', c.evse?.id ?? '', c.evse?.connectorId ?? '', v.name, v.instance ?? ''].join('|');

function valid(v: Variable, value: string): boolean {
  switch (v.dataType) {
    case 'integer':
      return /^-?\d+$/.test(value) && (v.minLimit === undefined || Number(value) >= v.minLimit);
    case 'decimal':
      return value.trim() !== '' && Number.isFinite(Number(value));
    case 'boolean':
      return value === 'true' || value === 'false';
    case 'OptionList':
      return (v.valuesList ?? '').split(',').includes(value);
    case 'MemberList':
    case 'SequenceList': {
      const allowed = v.valuesList?.split(',');
      return value.split(',').every((m) => m !== '' && (!allowed || allowed.includes(m)));
    }
    default:
      return value.length <= 1000;
  }
}

/**
 * The charger's OCPP 2.0.1 device model: components and their variables with mutability and
 * characteristics, read by GetVariables and GetBaseReport, written by SetVariables.
 */
export class DeviceModel {
  private readonly vars = new Map<string, Variable>();
  private readonly listeners: Array<(component: string, variable: string, value: string) => void> = [];

  add(spec: VariableSpec): void {
    const component: Component = { name: spec.component };
    if (spec.instance) component.instance = spec.instance;
    if (spec.evse) component.evse = { ...spec.evse };
    const variable: VariableRef = { name: spec.variable };
    if (spec.variableInstance) variable.instance = spec.variableInstance;
    const v: Variable = {
      component,
      variable,
      mutability: spec.mutability ?? 'ReadOnly',
      dataType: spec.dataType ?? 'string',
      value: spec.value,
    };
    if (spec.unit) v.unit = spec.unit;
    if (spec.valuesList) v.valuesList = spec.valuesList;
    if (spec.minLimit !== undefined) v.minLimit = spec.minLimit;
    if (spec.maxLimit !== undefined) v.maxLimit = spec.maxLimit;
    if (spec.read) v.read = spec.read;
    this.vars.set(key(component, variable), v);
  }

  onChange(listener: (component: string, variable: string, value: string) => void): void {
    this.listeners.push(listener);
  }

  /** The value of a variable (first match by component and variable name), for the charger's own use. */
  get(component: string, variable: string, instance?: string): string | undefined {
    for (const v of this.vars.values()) {
      if (v.component.name === component && v.variable.name === variable && v.variable.instance === instance)
        return v.read ? v.read() : v.value;
    }
    return undefined;
  }

  /** The maxLimit a variable reports (first match by component and variable name), if any. */
  maxLimit(component: string, variable: string): number | undefined {
    for (const v of this.vars.values()) {
      if (v.component.name === component && v.variable.name === variable) return v.maxLimit;
    }
    return undefined;
  }

  getInt(component: string, variable: string, fallback: number, instance?: string): number {
    const n = Number(this.get(component, variable, instance));
    return Number.isFinite(n) ? n : fallback;
  }

  getBool(component: string, variable: string, instance?: string): boolean {
    return this.get(component, variable, instance) === 'true';
  }

  /** Sets a value as the charger itself would (no mutability check), telling the listeners. */
  set(component: string, variable: string, value: string, instance?: string): void {
    for (const v of this.vars.values()) {
      if (
        v.component.name === component &&
        v.variable.name === variable &&
        v.variable.instance === instance
      ) {
        v.value = value;
        for (const l of this.listeners) l(component, variable, value);
      }
    }
  }

  private find(
    component: Component,
    variable: VariableRef,
  ): Variable | 'UnknownComponent' | 'UnknownVariable' {
    const found = this.vars.get(key(component, variable));
    if (found) return found;
    const sameComponent = [...this.vars.values()].some(
      (v) =>
        v.component.name === component.name &&
        (v.component.instance ?? '') === (component.instance ?? '') &&
        v.component.evse?.id === component.evse?.id,
    );
    return sameComponent ? 'UnknownVariable' : 'UnknownComponent';
  }

  /** The variable a monitor names (N04): its value and data type now, or why there is none. */
  lookup(
    component: Component,
    variable: VariableRef,
  ): { value: string; dataType: string } | 'UnknownComponent' | 'UnknownVariable' {
    const v = this.find(component, variable);
    if (typeof v === 'string') return v;
    return { value: v.read ? v.read() : v.value, dataType: v.dataType };
  }

  /** One GetVariables entry (B06). */
  read(data: Ocpp201.GetVariablesRequest['getVariableData'][number]): GetResult {
    const { component, variable } = data;
    const result: GetResult = { attributeStatus: 'Accepted', component, variable };
    if (data.attributeType) result.attributeType = data.attributeType;
    const v = this.find(component, variable);
    if (typeof v === 'string') return { ...result, attributeStatus: v };
    if ((data.attributeType ?? 'Actual') !== 'Actual')
      return { ...result, attributeStatus: 'NotSupportedAttributeType' };
    if (v.mutability === 'WriteOnly') return { ...result, attributeStatus: 'Rejected' };
    return { ...result, attributeValue: v.read ? v.read() : v.value };
  }

  /** One SetVariables entry (B05): ReadOnly variables and values outside the characteristics are Rejected. */
  write(data: Ocpp201.SetVariablesRequest['setVariableData'][number]): SetResult {
    const { component, variable } = data;
    const result: SetResult = { attributeStatus: 'Accepted', component, variable };
    if (data.attributeType) result.attributeType = data.attributeType;
    const v = this.find(component, variable);
    if (typeof v === 'string') return { ...result, attributeStatus: v };
    if ((data.attributeType ?? 'Actual') !== 'Actual')
      return { ...result, attributeStatus: 'NotSupportedAttributeType' };
    if (v.mutability === 'ReadOnly' || v.read || !valid(v, data.attributeValue))
      return { ...result, attributeStatus: 'Rejected' };
    v.value = data.attributeValue;
    for (const l of this.listeners) l(v.component.name, v.variable.name, v.value);
    return result;
  }

  /**
   * GetBaseReport (B07): FullInventory is every variable, ConfigurationInventory the writable ones,
   * SummaryInventory the availability of the station, its EVSEs and connectors.
   */
  report(base: Ocpp201.GetBaseReportRequest['reportBase']): ReportData[] {
    const pick = [...this.vars.values()].filter((v) =>
      base === 'FullInventory'
        ? true
        : base === 'ConfigurationInventory'
          ? v.mutability !== 'ReadOnly'
          : v.variable.name === 'AvailabilityState',
    );
    return pick.map(reportOf);
  }

  /**
   * GetReport (B08): the variables of the components named (a variable too, when named), and of
   * the components meeting every criterion (a boolean variable of that name, Active, Available,
   * Enabled or Problem, that reads true). Empty when nothing matches: EmptyResultSet.
   */
  customReport(p: Ocpp201.GetReportRequest): ReportData[] {
    const all = [...this.vars.values()];
    const same = (a: Component, b: Component) =>
      a.name === b.name &&
      (b.instance === undefined || a.instance === b.instance) &&
      (b.evse === undefined ||
        (a.evse?.id === b.evse.id &&
          (b.evse.connectorId === undefined || a.evse.connectorId === b.evse.connectorId)));
    const meets = (c: Component, criterion: string) =>
      all.some(
        (v) =>
          same(v.component, c) && v.variable.name === criterion && (v.read ? v.read() : v.value) === 'true',
      );
    return all
      .filter(
        (v) =>
          (p.componentVariable === undefined ||
            p.componentVariable.some(
              (cv) =>
                same(v.component, cv.component) &&
                (cv.variable === undefined || cv.variable.name === v.variable.name),
            )) &&
          (p.componentCriteria ?? []).every((criterion) => meets(v.component, criterion)),
      )
      .map(reportOf);
  }
}

function reportOf(v: Variable): ReportData {
  const attribute: ReportData['variableAttribute'][number] = { type: 'Actual', mutability: v.mutability };
  if (v.mutability !== 'WriteOnly') attribute.value = v.read ? v.read() : v.value;
  // N04: numbers can be watched by thresholds and deltas; other values only by a delta (any change).
  const numeric = v.dataType === 'integer' || v.dataType === 'decimal';
  const characteristics: Characteristics = { dataType: v.dataType, supportsMonitoring: numeric };
  if (v.unit) characteristics.unit = v.unit;
  if (v.valuesList) characteristics.valuesList = v.valuesList;
  if (v.minLimit !== undefined) characteristics.minLimit = v.minLimit;
  if (v.maxLimit !== undefined) characteristics.maxLimit = v.maxLimit;
  return {
    component: v.component,
    variable: v.variable,
    variableAttribute: [attribute],
    variableCharacteristics: characteristics,
  };
}
