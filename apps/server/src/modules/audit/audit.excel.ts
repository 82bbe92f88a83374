import type { AuditChange, AuditLog, Locale } from '@voltline/contract';
import type { FastifyReply } from 'fastify';
import { sendExcel } from '../../lib/excel.js';
import { isMessageKey, translate, type MessageKey } from '../../lib/messages.js';

/** A stored value as text: summaries are JSON, so anything else is JSON text. */
const text = (v: unknown): string =>
  typeof v === 'string' ? v : typeof v === 'number' || typeof v === 'boolean' ? String(v) : JSON.stringify(v);

const money = new Map<string, Intl.NumberFormat>();
function formatMoney(minor: number, currency: string, locale: Locale): string {
  const id = `${locale}|${currency}`;
  let f = money.get(id);
  if (!f) {
    f = new Intl.NumberFormat(locale, {
      style: 'currency',
      currency,
      currencyDisplay: 'narrowSymbol',
      minimumFractionDigits: 2,
    });
    money.set(id, f);
  }
  return f.format(minor / 100);
}

/** A value as the sheet shows it: money in currency, energy in kWh, references by name. */
function valueText(
  c: AuditChange,
  v: unknown,
  name: string | null | undefined,
  log: AuditLog,
  locale: Locale,
) {
  if (v === null || v === undefined || v === '') return '—';
  if (c.kind === 'reference') return name ?? `#${text(v)}`;
  if (c.kind === 'money' && typeof v === 'number') {
    return log.currency ? formatMoney(v, log.currency, locale) : String(v / 100);
  }
  if (c.kind === 'energy' && typeof v === 'number') return `${(v / 1000).toFixed(2)} kWh`;
  if (c.kind === 'boolean') return translate(locale, v ? 'common.yes' : 'common.no');
  if (Array.isArray(v)) return v.map(text).join(', ');
  return text(v);
}

/** "pricePerKwh: ₺7.50 → ₺8.25; name: Night" (field names as the API writes them). */
export function changesText(log: AuditLog, locale: Locale): string {
  return log.changes
    .map((c) => {
      if (c.kind === 'secret') return `${c.field}: ${translate(locale, 'audit.hidden')}`;
      const before = valueText(c, c.before, c.beforeName, log, locale);
      const after = valueText(c, c.after, c.afterName, log, locale);
      if (!('before' in c)) return `${c.field}: ${after}`;
      if (!('after' in c)) return `${c.field}: ${before}`;
      return `${c.field}: ${before} → ${after}`;
    })
    .join('; ');
}

/** An action's name in the reader's language; a command is "Sent Reset" whatever its OCPP name. */
export function actionText(action: string, locale: Locale): string {
  if (action.startsWith('command.')) {
    return translate(locale, 'audit.action.command', { name: action.slice('command.'.length) });
  }
  const key = `audit.action.${action}`;
  return isMessageKey(key) ? translate(locale, key) : action;
}

export function entityText(entity: string, locale: Locale): string {
  const key = `audit.entity.${entity}`;
  return isMessageKey(key) ? translate(locale, key) : entity;
}

export function sendAuditExcel(
  reply: FastifyReply,
  locale: Locale,
  fileName: string,
  rows: AsyncIterable<AuditLog>,
) {
  const t = (k: MessageKey) => translate(locale, k);
  return sendExcel(
    reply,
    fileName,
    t('sheet.auditLogs'),
    [
      { header: t('col.time'), width: 22, value: (r: AuditLog) => new Date(r.createdAt) },
      { header: t('col.user'), width: 24, value: (r) => r.userName ?? (r.userId ? null : t('audit.system')) },
      { header: t('col.email'), width: 28, value: (r) => r.userEmail },
      { header: t('audit.col.operator'), width: 24, value: (r) => r.operatorName },
      { header: t('col.action'), width: 24, value: (r) => actionText(r.action, locale) },
      { header: t('col.entity'), value: (r) => entityText(r.entity, locale) },
      { header: t('audit.col.recordId'), value: (r) => r.entityId },
      { header: t('audit.col.record'), width: 30, value: (r) => r.entityName },
      { header: t('audit.col.changes'), width: 80, value: (r) => changesText(r, locale) },
      { header: t('col.ip'), value: (r) => r.ip },
    ],
    rows,
  );
}
