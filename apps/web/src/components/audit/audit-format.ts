import {
  COMMAND_ACTIONS,
  type AuditChange,
  type AuditLog,
  type AuditTarget,
  type CommandName,
  type Permission,
} from '@voltline/contract';
import { APP_PREFIX } from '../../config/app';
import { formatKwh, formatMoney } from '../../lib/billing-format';
import { formatDateTime, formatNumber } from '../../lib/format';

// How an audit line reads: translated action, record and field names, and values in the
// interface's style (money in currency, energy in kWh, dates, Yes/No, records by name). Pure, so
// the activity log of a user and the network's audit log read the same, and tests can check it.

/** `t` of the auditLogs namespace (the common namespace is reached as `common:`). */
export type Translate = (key: string, options?: Record<string, unknown>) => string;

const EMPTY = '—';

/** A stored value as text: what the server sends is JSON, so anything else is JSON text. */
const text = (v: unknown): string =>
  typeof v === 'string' ? v : typeof v === 'number' || typeof v === 'boolean' ? String(v) : JSON.stringify(v);

/** "Created", "Sent Reset"; an action the portal does not know yet shows as it is stored. */
export function actionLabel(t: Translate, action: string): string {
  if (action.startsWith('command.')) {
    const command = action.slice('command.'.length);
    const name = (COMMAND_ACTIONS as Record<string, string>)[command as CommandName] ?? command;
    return t('command', { name });
  }
  return t(`actionNames.${action}`, { defaultValue: action });
}

export function entityLabel(t: Translate, entity: string): string {
  return t(`entities.${entity}`, { defaultValue: entity });
}

/** "Price per kWh"; a nested field reads "Merchant · Legal name". */
export function fieldLabel(t: Translate, field: string): string {
  return field
    .split('.')
    .map((part) => t(`fields.${part}`, { defaultValue: part }))
    .join(' · ');
}

/** One side of a change as the reader reads it; "—" when it is empty or not part of the change. */
export function formatValue(
  t: Translate,
  change: AuditChange,
  side: 'before' | 'after',
  currency: string | null,
  lng: string,
): string {
  if (!(side in change)) return EMPTY;
  const value = change[side];
  if (value === null || value === undefined || value === '') return EMPTY;
  switch (change.kind) {
    case 'reference':
      return change[side === 'before' ? 'beforeName' : 'afterName'] ?? `#${text(value)}`;
    case 'money':
      if (typeof value !== 'number') break;
      return currency ? formatMoney(value, currency, lng) : formatNumber(value / 100, lng);
    case 'energy':
      return typeof value === 'number' ? formatKwh(value, lng) : text(value);
    case 'date':
      return formatDateTime(text(value), lng) || text(value);
    case 'boolean':
      return t(value ? 'common:common.yes' : 'common:common.no');
    case 'number':
      return typeof value === 'number' ? formatNumber(value, lng) : text(value);
    case 'list':
      return Array.isArray(value) ? value.map(text).join(', ') || EMPTY : text(value);
    case 'secret':
      return t('changes.hidden');
    default:
      break;
  }
  return text(value);
}

/** "Price per kWh: ₺7.50 → ₺8.25"; a created field "Name: Night", a secret "Password: Changed (not shown)". */
export function changeText(t: Translate, change: AuditChange, currency: string | null, lng: string): string {
  const label = fieldLabel(t, change.field);
  if (change.kind === 'secret') return `${label}: ${t('changes.hidden')}`;
  const before = formatValue(t, change, 'before', currency, lng);
  const after = formatValue(t, change, 'after', currency, lng);
  if (!('before' in change)) return `${label}: ${after}`;
  if (!('after' in change)) return `${label}: ${before}`;
  return `${label}: ${before} → ${after}`;
}

/** The first changes of a line on one row, and how many more its details hold. */
export function summaryText(t: Translate, entry: AuditLog, lng: string, shown = 2): string {
  const parts = entry.changes.slice(0, shown).map((c) => changeText(t, c, entry.currency, lng));
  const more = entry.changes.length - shown;
  if (more > 0) parts.push(t('changes.more', { count: more }));
  return parts.join('; ');
}

/** The record's name, or its type and id when it has none in reach ("Driver #12"). */
export function recordName(t: Translate, entry: AuditLog): string {
  if (entry.entityName) return entry.entityName;
  return entry.entityId ? `#${entry.entityId}` : entityLabel(t, entry.entity);
}

/** The screen that shows a record, and what the reader needs to open it. */
export function targetLink(target: AuditTarget): { path: string; permission: Permission } {
  const id = encodeURIComponent(target.id);
  switch (target.kind) {
    case 'driver':
      return { path: `${APP_PREFIX}/management/driver/detail/${id}`, permission: 'drivers:read' };
    case 'chargePoint':
      return { path: `${APP_PREFIX}/management/device/detail/${id}`, permission: 'chargePoints:read' };
    case 'tariff':
      return { path: `${APP_PREFIX}/management/tariff/detail/${id}`, permission: 'tariffs:read' };
    case 'user':
      return { path: `${APP_PREFIX}/management/user/detail/${id}`, permission: 'users:read' };
    case 'operator':
      return { path: `${APP_PREFIX}/management/operator/detail/${id}`, permission: 'operators:read' };
    case 'session':
      return {
        path: `${APP_PREFIX}/reports/chargingsessions?tab=all&session=${id}`,
        permission: 'sessions:read',
      };
    case 'payment':
      return { path: `${APP_PREFIX}/reports/payments?pgTranId=${id}`, permission: 'payments:read' };
  }
}
