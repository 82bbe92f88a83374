/** Query keys of roaming; every change to a partner invalidates `roamingKeys.partners`. */
export const roamingKeys = {
  all: ['roaming'] as const,
  partners: ['roaming', 'partners'] as const,
  partner: (id: number) => ['roaming', 'partners', id] as const,
  identity: ['roaming', 'identity'] as const,
};
