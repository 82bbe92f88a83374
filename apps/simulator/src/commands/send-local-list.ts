import type { CommandHandler } from './types.js';

export const sendLocalList: CommandHandler<'SendLocalList'> = (charger, req) => {
  if (!charger.config.getBool('LocalAuthListEnabled')) return { status: 'NotSupported' };
  const status = charger.localAuth.apply(req, {
    sendMax: charger.config.getInt('SendLocalListMaxLength', 100),
    listMax: charger.config.getInt('LocalAuthListMaxLength', 1000),
  });
  return { status };
};
