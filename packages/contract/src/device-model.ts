import { z } from 'zod';

/**
 * The OCPP 2.0.1 device model of a charger (use cases B06, B07, B08): its components, their
 * variables and each variable's attributes, as the charger last reported them in NotifyReport.
 */
export const ATTRIBUTE_TYPES = ['Actual', 'Target', 'MinSet', 'MaxSet'] as const;
export type AttributeType = (typeof ATTRIBUTE_TYPES)[number];

export const MUTABILITIES = ['ReadOnly', 'WriteOnly', 'ReadWrite'] as const;
export type Mutability = (typeof MUTABILITIES)[number];

export const VARIABLE_DATA_TYPES = [
  'string',
  'decimal',
  'integer',
  'dateTime',
  'boolean',
  'OptionList',
  'SequenceList',
  'MemberList',
] as const;
export type VariableDataType = (typeof VARIABLE_DATA_TYPES)[number];

/** A charger's answer for one variable of SetVariables (GetVariables has all but RebootRequired). */
export const VARIABLE_STATUSES = [
  'Accepted',
  'Rejected',
  'UnknownComponent',
  'UnknownVariable',
  'NotSupportedAttributeType',
  'RebootRequired',
] as const;
export type VariableStatus = (typeof VARIABLE_STATUSES)[number];

const name = z.string().trim().min(1).max(50);

/** A component as OCPP names it: name, instance, and the EVSE (and connector) it belongs to. */
export const ComponentRef = z.object({
  name,
  instance: name.nullable().optional(),
  evseId: z.number().int().min(0).nullable().optional(),
  connectorId: z.number().int().min(0).nullable().optional(),
});
export type ComponentRef = z.infer<typeof ComponentRef>;

export const VariableRef = z.object({ name, instance: name.nullable().optional() });
export type VariableRef = z.infer<typeof VariableRef>;

export const VariableAttribute = z.object({
  type: z.enum(ATTRIBUTE_TYPES),
  value: z.string().nullable(),
  mutability: z.enum(MUTABILITIES),
  persistent: z.boolean(),
  constant: z.boolean(),
});
export type VariableAttribute = z.infer<typeof VariableAttribute>;

export const VariableCharacteristics = z.object({
  unit: z.string().nullable(),
  dataType: z.enum(VARIABLE_DATA_TYPES),
  minLimit: z.number().nullable(),
  maxLimit: z.number().nullable(),
  /** The allowed values of an OptionList, SequenceList or MemberList (the charger's comma-separated list). */
  valuesList: z.array(z.string()).nullable(),
  supportsMonitoring: z.boolean(),
});
export type VariableCharacteristics = z.infer<typeof VariableCharacteristics>;

/** One reported variable of one component. */
export const DeviceVariable = z.object({
  component: ComponentRef,
  variable: VariableRef,
  attributes: z.array(VariableAttribute),
  characteristics: VariableCharacteristics.nullable(),
  reportedAt: z.string(),
});
export type DeviceVariable = z.infer<typeof DeviceVariable>;

/** A charger's stored device model; the portal shapes it into component → variable → attributes. */
export const DeviceModel = z.object({
  variables: z.array(DeviceVariable),
  /** When the last full report was stored; null before any. */
  reportedAt: z.string().nullable(),
  /** A base report asked for whose last part has not arrived yet. */
  awaitingReport: z.boolean(),
});
export type DeviceModel = z.infer<typeof DeviceModel>;

/** `search` matches component or variable names, case-insensitively. */
export const DeviceModelQuery = z.object({ search: z.string().trim().max(100).optional() });
export type DeviceModelQuery = z.input<typeof DeviceModelQuery>;

/** The charger's answer to GetBaseReport FullInventory. */
export const DeviceModelRefresh = z.object({
  requestId: z.number().int(),
  status: z.string(),
  reason: z.string().nullable(),
});
export type DeviceModelRefresh = z.infer<typeof DeviceModelRefresh>;

/** B08 GetReport criteria: components whose boolean variable of that name reads true. */
export const REPORT_CRITERIA = ['Active', 'Available', 'Enabled', 'Problem'] as const;
export type ReportCriterion = (typeof REPORT_CRITERIA)[number];

/**
 * A custom report (B08 GetReport): the components named (a variable of each, if given) and/or the
 * components meeting every criterion. Either may be empty, not both.
 */
export const DeviceModelReportBody = z.object({
  componentCriteria: z.array(z.enum(REPORT_CRITERIA)).max(4).default([]),
  components: z
    .array(
      z.object({
        name: z.string().trim().min(1).max(50),
        variable: z.string().trim().min(1).max(50).optional(),
      }),
    )
    .max(50)
    .default([]),
});
export type DeviceModelReportBody = z.input<typeof DeviceModelReportBody>;

export const SetVariableItem = z.object({
  component: ComponentRef,
  variable: VariableRef,
  attributeType: z.enum(ATTRIBUTE_TYPES).optional(),
  value: z.string().max(1000),
});
export type SetVariableItem = z.infer<typeof SetVariableItem>;

export const SetVariablesBody = z.object({ items: z.array(SetVariableItem).min(1).max(200) });
export type SetVariablesBody = z.infer<typeof SetVariablesBody>;

export const GetVariableItem = z.object({
  component: ComponentRef,
  variable: VariableRef,
  attributeType: z.enum(ATTRIBUTE_TYPES).optional(),
});
export type GetVariableItem = z.infer<typeof GetVariableItem>;

export const GetVariablesBody = z.object({ items: z.array(GetVariableItem).min(1).max(200) });
export type GetVariablesBody = z.infer<typeof GetVariablesBody>;

/** The charger's answer for one variable; `reason` is its statusInfo reason code, if any. */
export const VariableResult = z.object({
  component: ComponentRef,
  variable: VariableRef,
  attributeType: z.enum(ATTRIBUTE_TYPES),
  status: z.enum(VARIABLE_STATUSES),
  value: z.string().nullable(),
  reason: z.string().nullable(),
});
export type VariableResult = z.infer<typeof VariableResult>;

export const VariableResults = z.object({ results: z.array(VariableResult) });
export type VariableResults = z.infer<typeof VariableResults>;

/** Writes that change how the charger authenticates: they need `chargePoints:write` too (as 1.6's AuthorizationKey). */
export function isSecurityVariable(component: string, variable: string): boolean {
  return (
    component.toLowerCase() === 'securityctrlr' &&
    ['basicauthpassword', 'securityprofile'].includes(variable.toLowerCase())
  );
}

/** A stable key of one variable of one component, for lists and answers. */
export function variableKey(c: ComponentRef, v: VariableRef): string {
  const evse = c.evseId === null || c.evseId === undefined ? '' : `@${c.evseId}`;
  const connector = c.connectorId === null || c.connectorId === undefined ? '' : `.${c.connectorId}`;
  const ci = c.instance ? `[${c.instance}]` : '';
  const vi = v.instance ? `[${v.instance}]` : '';
  return `${c.name}${ci}${evse}${connector}/${v.name}${vi}`;
}
