import type { CommandHandler } from './types.js';

/** 0: the list is empty; -1: this charger has no local list (LocalAuthListEnabled false). */
export const getLocalListVersion: CommandHandler<'GetLocalListVersion'> = (charger) => ({
  listVersion: charger.config.getBool('LocalAuthListEnabled') ? charger.localAuth.version : -1,
});
