/** Query keys of the tariffs domain; mutations invalidate `tariffKeys.all`. */
export const tariffKeys = {
  all: ['tariffs'] as const,
  lists: () => [...tariffKeys.all, 'list'] as const,
  list: (includeRetired: boolean) => [...tariffKeys.lists(), { includeRetired }] as const,
  detail: (id: number) => [...tariffKeys.all, 'detail', id] as const,
};
