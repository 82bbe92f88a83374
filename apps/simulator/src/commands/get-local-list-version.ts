import type { CommandHandler } from './types.js';

export const getLocalListVersion: CommandHandler<'GetLocalListVersion'> = (charger) => ({
  listVersion: charger.config.getBool('LocalAuthListEnabled') ? charger.localAuth.version : -1,
});
