import { and, asc, eq, isNull } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { alertRules, operators } from '../../db/schema/index.js';
import { inScope, type Actor } from '../../lib/context.js';

/** An operator's alert rules: which the evaluator runs, and which staff see and change. */
export type RuleRow = typeof alertRules.$inferSelect;

/** Enabled rules of a kind, with their operator's time zone. */
export function enabledRules(tx: Tx, kind: string) {
  return tx
    .select({ rule: alertRules, timeZone: operators.timeZone, operatorName: operators.name })
    .from(alertRules)
    .innerJoin(operators, eq(operators.id, alertRules.operatorId))
    .where(and(eq(alertRules.kind, kind), eq(alertRules.enabled, true), isNull(operators.archivedAt)))
    .orderBy(asc(alertRules.id));
}

/** Holds the rule for the rest of the transaction: one process evaluates it at a time. */
export async function lockRule(tx: Tx, id: number) {
  const [row] = await tx.select().from(alertRules).where(eq(alertRules.id, id)).for('update');
  return row;
}

const RULE_COLUMNS = {
  rule: alertRules,
  operatorName: operators.name,
  operatorPath: operators.path,
};

export function rulesInReach(tx: Tx, actor: Actor) {
  return tx
    .select(RULE_COLUMNS)
    .from(alertRules)
    .innerJoin(operators, eq(operators.id, alertRules.operatorId))
    .where(inScope(actor, operators.path))
    .orderBy(asc(operators.name), asc(alertRules.kind));
}

export async function findRule(tx: Tx, actor: Actor, id: number) {
  const [row] = await tx
    .select(RULE_COLUMNS)
    .from(alertRules)
    .innerJoin(operators, eq(operators.id, alertRules.operatorId))
    .where(and(eq(alertRules.id, id), inScope(actor, operators.path)));
  return row;
}

export function updateRule(tx: Tx, id: number, change: Partial<typeof alertRules.$inferInsert>) {
  return tx.update(alertRules).set(change).where(eq(alertRules.id, id));
}
