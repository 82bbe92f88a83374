import type { Ocpp201 } from '@voltline/contract';
import type { Handler } from '../../context.js';

/**
 * M01/M02: an ISO 15118 EV asks, through the station, for its contract certificate to be installed
 * or updated. The EXI request goes to the Plug & Charge provider as it came; its EXI answer back.
 * With no provider (or none answering) the answer is Failed with an empty EXI response.
 */
export const get15118EVCertificate: Handler<
  Ocpp201.Get15118EVCertificateRequest,
  Ocpp201.Get15118EVCertificateResponse
> = async (p, ctx) => {
  const a = await ctx.security.pnc.evCertificate(ctx.cp, {
    action: p.action,
    iso15118SchemaVersion: p.iso15118SchemaVersion,
    exiRequest: p.exiRequest,
  });
  return {
    status: a.status,
    exiResponse: a.exiResponse,
    ...(a.reason ? { statusInfo: { reasonCode: 'NoProvider', additionalInfo: a.reason.slice(0, 512) } } : {}),
  };
};
