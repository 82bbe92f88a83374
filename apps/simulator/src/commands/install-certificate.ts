import type { CommandHandler } from './types.js';

/**
 * Stores a root certificate. One the charger cannot read is Rejected; a rejected Central System
 * root is also a security event (InvalidCentralSystemCertificate), as the edition's tests expect.
 */
export const installCertificate: CommandHandler<'InstallCertificate'> = (charger, request) => {
  const type = request.certificateType;
  const status = charger.certificates.install(type, request.certificate);
  if (status === 'Rejected' && type === 'CentralSystemRootCertificate') {
    charger.later(0, () =>
      charger.securityEvent('InvalidCentralSystemCertificate', 'certificate not readable'),
    );
  }
  return { status };
};
