import { diagnosticsFileName, uploadDiagnostics } from '../diagnostics.js';
import type { CommandHandler } from './types.js';

export const getDiagnostics: CommandHandler<'GetDiagnostics'> = (charger, req) => {
  const fileName = diagnosticsFileName(charger);
  charger.later(0, () => void uploadDiagnostics(charger, req, fileName));
  return { fileName };
};
