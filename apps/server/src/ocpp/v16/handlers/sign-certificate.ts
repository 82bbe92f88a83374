import type { Ocpp } from '@voltline/contract';
import type { Handler } from '../../context.js';

/**
 * SignCertificate (security edition A02/A03): Accepted when Voltline can process the request (it
 * reads as a CSR signed by its own key); the signed certificate follows by CertificateSigned once
 * the CA's checks pass.
 */
export const signCertificate: Handler<Ocpp.SignCertificateRequest, Ocpp.SignCertificateResponse> = async (
  req,
  ctx,
) => ({ status: ctx.certificates ? await ctx.certificates.signRequest(ctx.cp, req.csr) : 'Rejected' });
