import type { CommandHandler } from './types.js';

/** The hash data of the root certificates of one type; NotFound when there are none. */
export const getInstalledCertificateIds: CommandHandler<'GetInstalledCertificateIds'> = (
  charger,
  request,
) => {
  const list = charger.certificates.list(request.certificateType);
  return list.length > 0 ? { status: 'Accepted', certificateHashData: list } : { status: 'NotFound' };
};
