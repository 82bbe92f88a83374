import type { Ocpp201 } from '@voltline/contract';
import type { Handler } from '../../context.js';
import { idTokenInfo } from '../id-token.js';

/**
 * C01–C05: a token presented at the charger, of any IdToken type, answered by the same card
 * rules as a 1.6 Authorize (blocked, expired, prepaid minimum, unknown).
 *
 * C07: with a contract certificate (its PEM chain, or its chain's hash data for OCSP) the Plug &
 * Charge provider judges the certificate first; its verdict is the answer's certificateStatus. A
 * certificate not Accepted (revoked, expired, cannot be checked…) refuses the token (Invalid),
 * whatever the card rules say (C07.FR.13–17); an Accepted one leaves the eMAID to the card rules.
 */
export const authorize: Handler<Ocpp201.AuthorizeRequest, Ocpp201.AuthorizeResponse> = async (p, ctx) => {
  const hashData = p.iso15118CertificateHashData?.map(({ customData: _, ...h }) => h);
  if (p.certificate === undefined && !hashData?.length)
    return { idTokenInfo: await idTokenInfo(p.idToken, ctx) };
  const contract = await ctx.security.pnc.contract(ctx.cp, {
    idToken: p.idToken.idToken,
    certificate: p.certificate,
    hashData,
  });
  if (contract.status !== 'Accepted') {
    return { idTokenInfo: { status: 'Invalid' }, certificateStatus: contract.status };
  }
  return { idTokenInfo: await idTokenInfo(p.idToken, ctx), certificateStatus: 'Accepted' };
};
