import type { OperatorSummary } from '@voltline/contract';

export interface ParentOption {
  value: number;
  title: string;
  disabled?: boolean;
  children: ParentOption[];
}

/**
 * The operators a new parent may be chosen from, as a tree. Archived operators are left out, and
 * when `self` is given it and its own sub-operators are disabled (an operator cannot move below itself).
 */
export function parentOptions(lookup: OperatorSummary[], self?: number): ParentOption[] {
  const active = lookup.filter((o) => !o.archived);
  const ids = new Set(active.map((o) => o.id));
  const build = (parentId: number | null, blocked: boolean): ParentOption[] =>
    active
      .filter((o) =>
        parentId === null ? o.parentId === null || !ids.has(o.parentId) : o.parentId === parentId,
      )
      .map((o) => {
        const off = blocked || o.id === self;
        return { value: o.id, title: o.name, disabled: off || undefined, children: build(o.id, off) };
      });
  return build(null, false);
}
