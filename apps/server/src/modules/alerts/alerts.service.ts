import {
  permissionsOf,
  type Alert,
  type AlertCount,
  type AlertDetail,
  type AlertListQuery,
  type AlertRule,
  type AlertRuleUpdate,
  type Locale,
  type Page,
  type Role,
} from '@voltline/contract';
import type { FastifyBaseLogger } from 'fastify';
import type { z } from 'zod';
import type { Db } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import { pathInReach, type Ctx } from '../../lib/context.js';
import { AppError, conflict, notFound } from '../../lib/errors.js';
import type { Mailer } from '../../lib/mailer.js';
import { audit, diff } from '../audit/audit.service.js';
import { alertResolved } from '../events/alert-events.js';
import { evaluateOfflineRule, factsOf } from './alerts.evaluate.js';
import { notify } from './alerts.notify.js';
import * as rules from './alert-rules.repository.js';
import * as repo from './alerts.repository.js';

type ListQuery = z.output<typeof AlertListQuery>;
type RuleChange = z.output<typeof AlertRuleUpdate>;

export interface AlertsDeps {
  db: Db;
  clock: Clock;
  mailer: Mailer;
  log: FastifyBaseLogger;
  publicUrl: string;
  defaultLocale: Locale;
}

const iso = (d: Date | null) => d?.toISOString() ?? null;

function toAlert(r: NonNullable<Awaited<ReturnType<typeof repo.findAlert>>>): Alert {
  const { operatorPath: _path, ...row } = r;
  return {
    ...row,
    kind: row.kind as Alert['kind'],
    state: row.state as Alert['state'],
    resolution: row.resolution as Alert['resolution'],
    raisedAt: row.raisedAt.toISOString(),
    acknowledgedAt: iso(row.acknowledgedAt),
    resolvedAt: iso(row.resolvedAt),
  };
}

function toRule(r: Awaited<ReturnType<typeof rules.rulesInReach>>[number]): AlertRule {
  const { createdAt: _c, ...rule } = r.rule;
  return {
    ...rule,
    kind: rule.kind as AlertRule['kind'],
    operatorName: r.operatorName,
    updatedAt: rule.updatedAt.toISOString(),
  };
}

/** A user who may be given an alert of an operator or mailed about it. */
const mayFollow =
  (actor: Ctx['actor'], operatorPath: string) => (u: { roles: string[]; operatorPath: string }) =>
    permissionsOf(u.roles as Role[]).has('alerts:read') &&
    operatorPath.startsWith(u.operatorPath) &&
    pathInReach(actor, u.operatorPath);

/**
 * Alerts (issue #33): the evaluator the cluster's leader runs, and staff's work on the alerts of
 * the operators in their reach: acknowledge, assign, comment, resolve by hand, and the rules.
 */
export class AlertsService {
  constructor(private readonly deps: AlertsDeps) {}

  /** Every enabled rule at `now`; then the e-mails of what was raised or cleared. */
  async evaluateAlerts(now: Date = this.deps.clock.now()) {
    const due = await rules.enabledRules(this.deps.db, 'charger_offline');
    for (const { rule, timeZone, operatorName } of due) {
      try {
        const notices = await evaluateOfflineRule(this.deps.db, rule.id, now);
        for (const n of notices) await notify(this.deps, { ...rule, timeZone, operatorName }, n, now);
      } catch (err) {
        this.deps.log.error({ err, ruleId: rule.id }, 'alert rule evaluation failed');
      }
    }
  }

  async list(ctx: Ctx, q: ListQuery): Promise<Page<Alert>> {
    const { index, size, ...filter } = q;
    const [rows, total] = await Promise.all([
      repo.listAlerts(this.deps.db, ctx.actor, filter, index * size, size),
      repo.countAlerts(this.deps.db, ctx.actor, filter),
    ]);
    return { items: rows.map(toAlert), total, index, size };
  }

  async count(ctx: Ctx): Promise<AlertCount> {
    const rows = await repo.liveCounts(this.deps.db, ctx.actor);
    const n = (state: string) => rows.find((r) => r.state === state)?.n ?? 0;
    return { open: n('open'), acknowledged: n('acknowledged') };
  }

  async get(ctx: Ctx, id: number): Promise<AlertDetail> {
    const row = await this.inReach(ctx, id);
    const [subjects, history] = await Promise.all([
      repo.subjectChargers(this.deps.db, id),
      repo.historyOf(this.deps.db, id),
    ]);
    return {
      ...toAlert(row),
      subjects: subjects.map((s) => ({ ...s, since: s.since.toISOString(), clearedAt: iso(s.clearedAt) })),
      history: history.map((h) => ({
        ...h,
        action: h.action as AlertDetail['history'][number]['action'],
        at: h.at.toISOString(),
      })),
    };
  }

  private async inReach(ctx: Ctx, id: number) {
    const row = await repo.findAlert(this.deps.db, ctx.actor, id);
    if (!row) throw notFound('alert');
    return row;
  }

  private async live(ctx: Ctx, id: number) {
    const row = await this.inReach(ctx, id);
    if (row.state === 'resolved') throw conflict('alert.alreadyResolved');
    return row;
  }

  /** One step of staff on an alert: the change, its history line and its audit line together. */
  private async step(
    ctx: Ctx,
    alert: { id: number; operatorId: number },
    action: 'acknowledged' | 'assigned' | 'commented' | 'resolved',
    change: Parameters<typeof repo.updateAlert>[2] | null,
    comment: string | null,
    summary: Record<string, unknown>,
    also?: (tx: Parameters<Parameters<Db['transaction']>[0]>[0]) => Promise<void>,
  ) {
    const now = this.deps.clock.now();
    await this.deps.db.transaction(async (tx) => {
      if (change) await repo.updateAlert(tx, alert.id, change);
      await repo.addHistory(tx, alert.id, now, action, ctx.actor.userId, comment);
      await also?.(tx);
      const verb = {
        acknowledged: 'acknowledge',
        assigned: 'assign',
        commented: 'comment',
        resolved: 'resolve',
      };
      await audit(tx, ctx, {
        action: `alert.${verb[action]}`,
        entity: 'alert',
        entityId: alert.id,
        subjectOperatorId: alert.operatorId,
        summary,
      });
    });
    return this.get(ctx, alert.id);
  }

  async acknowledge(ctx: Ctx, id: number) {
    const row = await this.live(ctx, id);
    if (row.state !== 'open') throw conflict('alert.notOpen', { state: row.state });
    const change = {
      state: 'acknowledged',
      acknowledgedAt: this.deps.clock.now(),
      acknowledgedBy: ctx.actor.userId,
    };
    return this.step(ctx, row, 'acknowledged', change, null, {});
  }

  async assign(ctx: Ctx, id: number, userId: number) {
    const row = await this.live(ctx, id);
    const [user] = (await repo.usersWithPath(this.deps.db, [userId])).filter(
      mayFollow(ctx.actor, row.operatorPath),
    );
    if (!user) {
      throw new AppError(400, 'alert.assigneeNotAllowed', {}, [
        { field: 'body.userId', key: 'alert.assigneeNotAllowed' },
      ]);
    }
    return this.step(ctx, row, 'assigned', { assignedTo: userId }, user.name, { assignedTo: userId });
  }

  async comment(ctx: Ctx, id: number, text: string) {
    const row = await this.inReach(ctx, id);
    return this.step(ctx, row, 'commented', null, text, { comment: text });
  }

  async resolve(ctx: Ctx, id: number, comment: string | null) {
    const row = await this.live(ctx, id);
    const now = this.deps.clock.now();
    const change = { state: 'resolved', resolvedAt: now, resolvedBy: ctx.actor.userId, resolution: 'manual' };
    return this.step(ctx, row, 'resolved', change, comment, { comment }, async (tx) =>
      alertResolved(tx, await factsOf(tx, row), 'manual', now),
    );
  }

  async rules(ctx: Ctx): Promise<AlertRule[]> {
    return (await rules.rulesInReach(this.deps.db, ctx.actor)).map(toRule);
  }

  async updateRule(ctx: Ctx, id: number, body: RuleChange): Promise<AlertRule> {
    const found = await rules.findRule(this.deps.db, ctx.actor, id);
    if (!found) throw notFound('alertRule');
    const ids = body.recipientUserIds ? [...new Set(body.recipientUserIds)] : undefined;
    if (ids) {
      const fit = new Set(
        (await repo.usersWithPath(this.deps.db, ids))
          .filter(mayFollow(ctx.actor, found.operatorPath))
          .map((u) => u.id),
      );
      const wrong = ids.find((u) => !fit.has(u));
      if (wrong !== undefined) {
        throw new AppError(400, 'alert.recipientNotAllowed', { id: wrong }, [
          { field: 'body.recipientUserIds', key: 'alert.recipientNotAllowed', params: { id: wrong } },
        ]);
      }
    }
    const change = {
      ...(body.enabled !== undefined ? { enabled: body.enabled } : {}),
      ...(body.raiseAfterSeconds !== undefined ? { raiseAfterSeconds: body.raiseAfterSeconds } : {}),
      ...(body.clearAfterSeconds !== undefined ? { clearAfterSeconds: body.clearAfterSeconds } : {}),
      ...(ids ? { recipientUserIds: ids } : {}),
      ...(body.quietStart !== undefined
        ? { quietStart: body.quietStart ?? null, quietEnd: body.quietEnd ?? null }
        : {}),
    };
    const { rule } = found;
    await this.deps.db.transaction(async (tx) => {
      await rules.updateRule(tx, id, { ...change, updatedAt: this.deps.clock.now() });
      await audit(tx, ctx, {
        action: 'update',
        entity: 'alertRule',
        entityId: id,
        subjectOperatorId: rule.operatorId,
        summary: diff(
          {
            enabled: rule.enabled,
            raiseAfterSeconds: rule.raiseAfterSeconds,
            clearAfterSeconds: rule.clearAfterSeconds,
            recipientUserIds: rule.recipientUserIds,
            quietStart: rule.quietStart,
            quietEnd: rule.quietEnd,
          },
          change,
        ),
      });
    });
    return toRule((await rules.findRule(this.deps.db, ctx.actor, id))!);
  }
}
