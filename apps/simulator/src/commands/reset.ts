import type { CommandHandler } from './types.js';

export const reset: CommandHandler<'Reset'> = (charger, { type }) => {
  if (charger.options.rejectResets) return { status: 'Rejected' };
  charger.later(0, () => void charger.reboot(type));
  return { status: 'Accepted' };
};
