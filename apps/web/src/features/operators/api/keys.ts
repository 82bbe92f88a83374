/** Query keys of the operators domain; every change invalidates `operatorKeys.all` (tree, archive, lookups). */
export const operatorKeys = {
  all: ['operators'] as const,
  tree: () => [...operatorKeys.all, 'tree'] as const,
  archived: () => [...operatorKeys.all, 'archived'] as const,
  lookup: () => [...operatorKeys.all, 'lookup'] as const,
  detail: (id: number) => [...operatorKeys.all, 'detail', id] as const,
  chargePointCounts: () => [...operatorKeys.all, 'chargePointCounts'] as const,
};
