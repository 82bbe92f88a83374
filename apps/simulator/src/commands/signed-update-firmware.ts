import { signedUpdateFirmware as runUpdate, signingCertificate } from '../signed-firmware.js';
import type { CommandHandler } from './types.js';

/**
 * SignedUpdateFirmware (security edition): a signing certificate the charger cannot read is
 * refused at once (InvalidCertificate); the signature is checked once the file is downloaded.
 */
export const signedUpdateFirmware: CommandHandler<'SignedUpdateFirmware'> = (charger, req) => {
  if (!signingCertificate(req.firmware.signingCertificate)) return { status: 'InvalidCertificate' };
  const delayMs = Math.max(0, new Date(req.firmware.retrieveDateTime).getTime() - Date.now());
  charger.options.scheduler.after(delayMs, () => {
    if (!charger.isClosed) void runUpdate(charger, req);
  });
  return { status: 'Accepted' };
};
