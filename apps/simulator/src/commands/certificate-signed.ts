import type { CommandHandler } from './types.js';

/** CertificateSigned: the new client certificate is kept and used from the next connection on. */
export const certificateSigned: CommandHandler<'CertificateSigned'> = (charger, { certificateChain }) => ({
  status: charger.installClientCertificate(certificateChain) ? 'Accepted' : 'Rejected',
});
