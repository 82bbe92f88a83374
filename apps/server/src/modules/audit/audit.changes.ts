import { AUDIT_ENERGY_FIELDS, AUDIT_MONEY_FIELDS, type AuditValueKind } from '@voltline/contract';
import type { ReferenceKind } from './audit.repository.js';

/** A changed field before its references are named. */
export interface RawChange {
  field: string;
  kind: AuditValueKind;
  before?: unknown;
  after?: unknown;
  reference?: ReferenceKind;
}

/**
 * Actions whose summary is a diff, `{ field: [before, after] }` (see diff() in audit.service.ts).
 * In other actions a two-item array is a value of its own (two review reasons, two roles).
 */
const DIFF_ACTIONS = new Set(['update', 'retire', 'status', 'completeLate']);

const REFERENCES: Record<string, ReferenceKind> = {
  operatorId: 'operator',
  parentId: 'operator',
  tariffId: 'tariff',
  driverId: 'driver',
  userId: 'user',
};
const MONEY = new Set<string>(AUDIT_MONEY_FIELDS);
const ENERGY = new Set<string>(AUDIT_ENERGY_FIELDS);
const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})$/;
const REDACTED = '[redacted]';
const MAX_DEPTH = 3;

const isRecord = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v);

/** How a field's values are shown, judged by its name and by the values that are not empty. */
function kindOf(name: string, values: unknown[]): { kind: AuditValueKind; reference?: ReferenceKind } {
  const present = values.filter((v) => v !== null && v !== undefined);
  if (present.includes(REDACTED) || (name === 'password' && present.length > 0)) return { kind: 'secret' };
  const numeric = present.every((v) => typeof v === 'number');
  const reference = REFERENCES[name];
  if (reference && numeric) return { kind: 'reference', reference };
  if (MONEY.has(name) && numeric) return { kind: 'money' };
  if (ENERGY.has(name) && numeric) return { kind: 'energy' };
  if (present.length === 0) return { kind: 'text' };
  if (present.every((v) => typeof v === 'boolean')) return { kind: 'boolean' };
  if (numeric) return { kind: 'number' };
  if (present.every((v) => typeof v === 'string' && ISO_TIME.test(v))) return { kind: 'date' };
  if (present.every((v) => Array.isArray(v))) return { kind: 'list' };
  return { kind: 'text' };
}

/** A value the portal can show as it is: nested objects and lists of objects become JSON text. */
function plain(v: unknown): unknown {
  if (Array.isArray(v)) return v.every((x) => !isRecord(x) && !Array.isArray(x)) ? v : JSON.stringify(v);
  return isRecord(v) ? JSON.stringify(v) : v;
}

function change(field: string, name: string, values: { before?: unknown; after?: unknown }): RawChange {
  const shown = Object.fromEntries(Object.entries(values).map(([k, v]) => [k, plain(v)]));
  const { kind, reference } = kindOf(name, [shown.before, shown.after]);
  if (kind === 'secret') return { field, kind };
  return { field, kind, ...(reference ? { reference } : {}), ...shown };
}

function walk(
  summary: Record<string, unknown>,
  prefix: string,
  depth: number,
  side: 'pair' | 'before' | 'after',
  out: RawChange[],
) {
  // A review keeps the readings before and after as two objects: they pair field by field.
  if (isRecord(summary.before) && isRecord(summary.after)) {
    const { before, after, ...rest } = summary;
    walk(rest, prefix, depth, side, out);
    for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
      if (JSON.stringify(before[key]) === JSON.stringify(after[key])) continue;
      out.push(change(`${prefix}${key}`, key, { before: before[key] ?? null, after: after[key] ?? null }));
    }
    return;
  }
  for (const [key, value] of Object.entries(summary)) {
    const field = `${prefix}${key}`;
    if (isRecord(value) && depth < MAX_DEPTH) walk(value, `${field}.`, depth + 1, side, out);
    else if (side === 'pair' && Array.isArray(value) && value.length === 2) {
      out.push(change(field, key, { before: value[0], after: value[1] }));
    } else if (side === 'before') out.push(change(field, key, { before: value }));
    else out.push(change(field, key, { after: value }));
  }
}

/**
 * The changed fields of an audit line, from its summary: an update's `{ field: [before, after] }`
 * gives before and after, a deletion's fields the values it removed, any other action's fields
 * the values it set or reported. Nested objects (an operator's merchant, a command's request)
 * give dotted fields (`merchant.legalName`).
 */
export function changesOf(action: string, summary: Record<string, unknown>): RawChange[] {
  const out: RawChange[] = [];
  const side = DIFF_ACTIONS.has(action) ? 'pair' : action === 'delete' ? 'before' : 'after';
  walk(summary, '', 0, side, out);
  return out;
}
