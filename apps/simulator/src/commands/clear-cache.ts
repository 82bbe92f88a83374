import type { CommandHandler } from './types.js';

export const clearCache: CommandHandler<'ClearCache'> = (charger) => {
  charger.localAuth.clearCache();
  return { status: 'Accepted' };
};
