import type { Ocpp201 } from '@voltline/contract';
import type { Handler } from '../../context.js';

/**
 * A02/A03: the charger asks for a certificate; Accepted when Voltline can process the CSR, the
 * signed certificate follows by CertificateSigned once the CA's checks pass (as for 1.6).
 */
export const signCertificate: Handler<
  Ocpp201.SignCertificateRequest,
  Ocpp201.SignCertificateResponse
> = async (p, ctx) => ({
  status: ctx.certificates ? await ctx.certificates.signRequest(ctx.cp, p.csr) : 'Rejected',
});
