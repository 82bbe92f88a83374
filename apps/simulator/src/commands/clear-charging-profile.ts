import type { CommandHandler } from './types.js';

export const clearChargingProfile: CommandHandler<'ClearChargingProfile'> = (charger, req) => ({
  status: charger.profiles.clear(req) ? 'Accepted' : 'Unknown',
});
