/** Query keys of roaming; every change to a partner invalidates `roamingKeys.partners`. */
export const roamingKeys = {
  all: ['roaming'] as const,
  partners: ['roaming', 'partners'] as const,
  partner: (id: number) => ['roaming', 'partners', id] as const,
  /** Under the partner's key: a change to the partner reads its authorizations again too. */
  authorizations: (id: number) => ['roaming', 'partners', id, 'authorizations'] as const,
  identity: ['roaming', 'identity'] as const,
};
