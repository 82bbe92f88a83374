import { updateFirmware as runUpdate } from '../firmware.js';
import type { CommandHandler } from './types.js';

export const updateFirmware: CommandHandler<'UpdateFirmware'> = (charger, req) => {
  const delayMs = Math.max(0, new Date(req.retrieveDate).getTime() - Date.now());
  // retrieveDate is wall-clock time chosen by the central system.
  charger.options.scheduler.after(delayMs, () => {
    if (!charger.isClosed) void runUpdate(charger, req);
  });
  return {};
};
