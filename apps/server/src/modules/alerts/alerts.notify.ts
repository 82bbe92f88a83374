import { permissionsOf, type Locale, type Role } from '@voltline/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import type { Mailer } from '../../lib/mailer.js';
import { translate } from '../../lib/messages.js';
import type * as rules from './alert-rules.repository.js';
import * as repo from './alerts.repository.js';
import type { Notice } from './alerts.evaluate.js';

export interface NotifyDeps {
  db: Db;
  mailer: Mailer;
  log: FastifyBaseLogger;
  publicUrl: string;
  defaultLocale: Locale;
}

/** `HH:MM` of `at` in a time zone. */
export function localTime(at: Date, timeZone: string): string {
  return new Intl.DateTimeFormat('en-GB', {
    timeZone,
    hour: '2-digit',
    minute: '2-digit',
    hourCycle: 'h23',
  }).format(at);
}

/** Whether `at` falls in the quiet hours (they may span midnight: 22:00–07:00). */
export function inQuietHours(
  rule: { quietStart: string | null; quietEnd: string | null },
  timeZone: string,
  at: Date,
): boolean {
  const { quietStart: start, quietEnd: end } = rule;
  if (!start || !end || start === end) return false;
  const local = localTime(at, timeZone);
  return start < end ? local >= start && local < end : local >= start || local < end;
}

/**
 * Mails an alert raised or cleared to the rule's recipients (none named: the operator's users who
 * may read alerts), each in their language, naming the chargers and since when they are offline,
 * with the alert's link. Nothing in the quiet hours. A mail that fails is logged; the alert stands.
 */
export async function notify(
  deps: NotifyDeps,
  rule: rules.RuleRow & { timeZone: string; operatorName: string },
  notice: Notice,
  now: Date,
) {
  if (inQuietHours(rule, rule.timeZone, now)) return;
  const named = rule.recipientUserIds;
  const people = (await repo.mailableUsers(deps.db, rule.operatorId, named)).filter(
    (u) => named.length > 0 || permissionsOf(u.roles as Role[]).has('alerts:read'),
  );
  if (people.length === 0) return;
  const chargers = await repo.subjectChargers(deps.db, notice.alertId);
  const link = `${deps.publicUrl.replace(/\/$/, '')}/portal/alerts/${notice.alertId}`;
  const sent: string[] = [];
  for (const person of people) {
    const locale: Locale =
      person.locale === 'tr' || person.locale === 'en' ? person.locale : deps.defaultLocale;
    const when = new Intl.DateTimeFormat(locale === 'tr' ? 'tr-TR' : 'en-GB', {
      timeZone: rule.timeZone,
      dateStyle: 'medium',
      timeStyle: 'short',
    });
    const lines = chargers
      .map((c) =>
        translate(locale, 'alert.mail.chargerLine', {
          id: c.chargePointId,
          name: c.chargePointName,
          since: when.format(c.since),
        }),
      )
      .join('\n');
    const params = { operator: rule.operatorName, count: chargers.length, chargers: lines, link };
    const raised = notice.what === 'raised';
    try {
      await deps.mailer.send({
        to: person.email,
        subject: translate(
          locale,
          raised ? 'alert.mail.offlineSubject' : 'alert.mail.clearedSubject',
          params,
        ),
        text: translate(locale, raised ? 'alert.mail.offlineText' : 'alert.mail.clearedText', params),
      });
      sent.push(person.email);
    } catch (err) {
      deps.log.error({ err, alertId: notice.alertId }, 'alert e-mail failed');
    }
  }
  if (sent.length > 0) await repo.addHistory(deps.db, notice.alertId, now, 'notified', null, sent.join(', '));
}
