import type { OperatorSummary } from '@voltline/contract';

/**
 * Why the server would refuse to archive an operator (409 in operators.service): the portal asks
 * these before offering Archive or Restore, so nobody is shown a button that can only fail.
 */
export type ArchiveBlock = 'own' | 'subOperators' | 'chargePoints';
export type RestoreBlock = 'parentArchived';

type Summary = Pick<OperatorSummary, 'id' | 'parentId' | 'archived'>;

export interface ArchiveFacts {
  /** The signed-in user's operator: the server never archives it. */
  ownOperatorId: number | undefined;
  /** Every operator in reach, archived ones included (the operator lookup). */
  operators: readonly Summary[] | undefined;
  /** Active charge points per operator id; undefined while unknown. */
  chargePoints: ReadonlyMap<number, number> | undefined;
}

export function archiveBlock(operatorId: number, facts: ArchiveFacts): ArchiveBlock | null {
  if (operatorId === facts.ownOperatorId) return 'own';
  if (facts.operators?.some((o) => o.parentId === operatorId && !o.archived)) return 'subOperators';
  if ((facts.chargePoints?.get(operatorId) ?? 0) > 0) return 'chargePoints';
  return null;
}

/** An operator comes back only below a live parent. */
export function restoreBlock(
  operator: Pick<OperatorSummary, 'parentId'>,
  operators: readonly Summary[] | undefined,
): RestoreBlock | null {
  if (operator.parentId === null) return null;
  const parent = operators?.find((o) => o.id === operator.parentId);
  return parent?.archived ? 'parentArchived' : null;
}

/** Active (not archived) charge points per operator. */
export function countChargePoints(
  chargePoints: readonly { operatorId: number; archived: boolean }[],
): Map<number, number> {
  const counts = new Map<number, number>();
  for (const cp of chargePoints)
    if (!cp.archived) counts.set(cp.operatorId, (counts.get(cp.operatorId) ?? 0) + 1);
  return counts;
}
