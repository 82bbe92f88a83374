import type { CommandHandler } from './types.js';

export const sendLocalList: CommandHandler<'SendLocalList'> = (charger, req) => {
  if (!charger.config.getBool('LocalAuthListEnabled')) return { status: 'NotSupported' };
  return { status: charger.localAuth.apply(req, charger.config.getInt('SendLocalListMaxLength', 100)) };
};
