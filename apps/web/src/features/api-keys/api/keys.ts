/** Query keys of API keys; every change invalidates `apiKeyKeys.all`. */
export const apiKeyKeys = {
  all: ['apiKeys'] as const,
};
