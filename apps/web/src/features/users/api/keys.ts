import type { UserFilter } from '@voltline/contract';

/** Query keys of the users domain; mutations invalidate `userKeys.all`. */
export const userKeys = {
  all: ['users'] as const,
  lists: () => [...userKeys.all, 'list'] as const,
  list: (index: number, filter: UserFilter) => [...userKeys.lists(), index, filter] as const,
  detail: (id: number) => [...userKeys.all, 'detail', id] as const,
  auditOf: (id: number) => [...userKeys.all, 'audit', id] as const,
  audit: (id: number, index: number) => [...userKeys.auditOf(id), index] as const,
};
