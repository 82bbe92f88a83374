import type { CommandHandler } from './types.js';

export const changeConfiguration: CommandHandler<'ChangeConfiguration'> = (charger, { key, value }) => ({
  status: charger.config.change(key, value),
});
