import type { CommandHandler } from './types.js';

/**
 * Deletes a root certificate: NotFound when the charger holds none such. Per the security edition
 * the Central System root the charger validates its TLS connection with cannot be deleted (Failed):
 * the last Central System root while connected over wss://.
 */
export const deleteCertificate: CommandHandler<'DeleteCertificate'> = (charger, request) => {
  const found = charger.certificates.find(request.certificateHashData);
  if (!found) return { status: 'NotFound' };
  const inUse =
    found.type === 'CentralSystemRootCertificate' &&
    charger.usesTls &&
    charger.certificates.list('CentralSystemRootCertificate').length === 1;
  if (inUse) return { status: 'Failed' };
  charger.certificates.remove(request.certificateHashData);
  return { status: 'Accepted' };
};
