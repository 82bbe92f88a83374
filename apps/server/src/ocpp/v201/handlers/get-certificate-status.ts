import type { Ocpp201 } from '@voltline/contract';
import type { Handler } from '../../context.js';

/**
 * M06: the station asks for the OCSP status of a certificate of an EV's chain (to cache it, or
 * hand it to the EV). The provider answers with the DER OCSP response, base64; with none the
 * answer is Failed and carries no OCSP result.
 */
export const getCertificateStatus: Handler<
  Ocpp201.GetCertificateStatusRequest,
  Ocpp201.GetCertificateStatusResponse
> = async (p, ctx) => {
  const { customData: _, ...data } = p.ocspRequestData;
  const a = await ctx.security.pnc.certificateStatus(ctx.cp, data);
  return {
    status: a.status,
    ...(a.status === 'Accepted' && a.ocspResult ? { ocspResult: a.ocspResult } : {}),
    ...(a.reason ? { statusInfo: { reasonCode: 'NoProvider', additionalInfo: a.reason.slice(0, 512) } } : {}),
  };
};
