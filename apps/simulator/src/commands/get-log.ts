import { logFileName, uploadLog } from '../logs.js';
import type { CommandHandler } from './types.js';

/** GetLog (security edition): Accepted with the file's name, then the upload with its LogStatusNotifications. */
export const getLog: CommandHandler<'GetLog'> = (charger, req) => {
  const filename = logFileName(charger, req.logType);
  // A new request cancels the upload under way (AcceptedCanceled).
  const status = charger.logUpload ? 'AcceptedCanceled' : 'Accepted';
  charger.logUpload = { requestId: req.requestId, status: 'Uploading' };
  charger.later(0, () => void uploadLog(charger, req, filename));
  return { status, filename };
};
