import type { Db, Tx } from '../../db/client.js';
import { alertRaised, alertResolved } from '../events/alert-events.js';
import * as rules from './alert-rules.repository.js';
import * as repo from './alerts.repository.js';

/** What an evaluation did that people are told of, after its transaction committed. */
export interface Notice {
  alertId: number;
  what: 'raised' | 'cleared';
}

const groupOf = (operatorId: number) => `operator:${operatorId}`;

/**
 * One "charger offline" rule at `now`, in one transaction holding the rule's row, so two processes
 * (or two runs) never raise twice; the partial unique index on live alerts backs that up.
 * - Chargers offline for `raiseAfterSeconds` raise an alert, or join the operator's live alert.
 *   One back before that raises nothing: a reboot pages no one.
 * - A charger of the alert that came back (online now, or online again since it went down) is
 *   cleared at the time it reconnected.
 * - When every charger of the alert has been back for `clearAfterSeconds`, it resolves itself.
 */
export async function evaluateOfflineRule(db: Db, ruleId: number, now: Date): Promise<Notice[]> {
  return db.transaction(async (tx) => {
    const rule = await rules.lockRule(tx, ruleId);
    if (!rule?.enabled) return [];
    const groupKey = groupOf(rule.operatorId);
    const down = await repo.chargersOfflineSince(
      tx,
      rule.operatorId,
      new Date(now.getTime() - rule.raiseAfterSeconds * 1000),
    );
    const alert = await repo.liveAlertOf(tx, rule.id, groupKey);
    if (!alert) return raise(tx, rule, groupKey, down, now);

    const subjects = await repo.subjectStates(tx, alert.id);
    const active = new Set(subjects.filter((s) => !s.clearedAt).map((s) => s.chargePointId));
    const joining = down.filter((d) => !active.has(d.id));
    await repo.upsertSubjects(
      tx,
      alert.id,
      joining.map((d) => ({ id: d.id, since: d.since! })),
    );
    for (const d of joining) await repo.addHistory(tx, alert.id, now, 'subjectAdded', null, d.identity);

    let lastBack = new Date(0);
    let stillDown = joining.length > 0;
    for (const s of subjects) {
      if (joining.some((d) => d.id === s.chargePointId)) continue;
      let clearedAt = s.clearedAt;
      if (!clearedAt) {
        const back = s.connected || s.archived || (s.lastConnectedAt !== null && s.lastConnectedAt > s.since);
        if (back) {
          clearedAt = s.lastConnectedAt && s.lastConnectedAt > s.since ? s.lastConnectedAt : now;
          await repo.clearSubject(tx, alert.id, s.chargePointId, clearedAt);
        }
      }
      if (!clearedAt) stillDown = true;
      else if (clearedAt > lastBack) lastBack = clearedAt;
    }
    if (stillDown || now.getTime() - lastBack.getTime() < rule.clearAfterSeconds * 1000) return [];

    await repo.updateAlert(tx, alert.id, { state: 'resolved', resolvedAt: now, resolution: 'cleared' });
    await repo.addHistory(tx, alert.id, now, 'cleared');
    await alertResolved(tx, await factsOf(tx, alert), 'cleared', now);
    return [{ alertId: alert.id, what: 'cleared' }];
  });
}

async function raise(
  tx: Tx,
  rule: rules.RuleRow,
  groupKey: string,
  down: { id: number; identity: string; since: Date | null }[],
  now: Date,
): Promise<Notice[]> {
  if (down.length === 0) return [];
  const a = { operatorId: rule.operatorId, ruleId: rule.id, kind: rule.kind, groupKey, raisedAt: now };
  const id = await repo.insertAlert(tx, a);
  if (id === undefined) return [];
  await repo.upsertSubjects(
    tx,
    id,
    down.map((d) => ({ id: d.id, since: d.since! })),
  );
  await repo.addHistory(tx, id, now, 'raised');
  await alertRaised(tx, await factsOf(tx, { ...a, id }), now);
  return [{ alertId: id, what: 'raised' }];
}

export async function factsOf(tx: Tx, a: { id: number; operatorId: number; kind: string; ruleId: number }) {
  const chargers = await repo.subjectChargers(tx, a.id);
  return {
    alertId: a.id,
    operatorId: a.operatorId,
    kind: a.kind,
    ruleId: a.ruleId,
    chargePointIds: chargers.map((c) => c.chargePointId),
  };
}
