import type { CommandHandler } from './types.js';

export const getConfiguration: CommandHandler<'GetConfiguration'> = (charger, { key }) => {
  const { configurationKey, unknownKey } = charger.config.list(key);
  return unknownKey.length > 0 ? { configurationKey, unknownKey } : { configurationKey };
};
