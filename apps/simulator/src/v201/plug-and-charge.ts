import type { Ocpp201 } from '@voltline/contract';
import type { Station201 } from './station.js';

type Req = Ocpp201.OcppRequests;
type Res = Ocpp201.OcppResponses;
export type OcspRequestData201 = Req['GetCertificateStatus']['ocspRequestData'];

/**
 * What an ISO 15118 EV makes its station ask the CSMS (Plug & Charge). The simulator has no EV
 * stack: the EXI messages are opaque bytes, base64, as the station would pass them on.
 */
export const PLUG_AND_CHARGE_SCHEMA = 'urn:iso:15118:2:2013:MsgDef';

/** M01/M02: the EV's CertificateInstallationReq (Install) or CertificateUpdateReq (Update). */
export async function requestEvCertificate(
  station: Station201,
  action: 'Install' | 'Update' = 'Install',
  exiRequest = Buffer.from(`${station.id} ${action} request`).toString('base64'),
): Promise<Res['Get15118EVCertificate']> {
  return await station.send('Get15118EVCertificate', {
    iso15118SchemaVersion: PLUG_AND_CHARGE_SCHEMA,
    action,
    exiRequest,
  });
}

/** M06: the OCSP status of one certificate of the EV's contract chain. */
export async function requestCertificateStatus(
  station: Station201,
  ocspRequestData: OcspRequestData201,
): Promise<Res['GetCertificateStatus']> {
  return await station.send('GetCertificateStatus', { ocspRequestData });
}

/**
 * C07: the EV's contract (eMAID) with its certificate: the PEM chain when the station cannot
 * validate it itself (C07.FR.06), or the chain's hash data for the CSMS's OCSP check.
 */
export async function authorizeContract(
  station: Station201,
  emaid: string,
  proof: { certificate?: string; hashData?: OcspRequestData201[] },
): Promise<Res['Authorize']> {
  return await station.send('Authorize', {
    idToken: { idToken: emaid, type: 'eMAID' },
    ...(proof.certificate ? { certificate: proof.certificate } : {}),
    ...(proof.hashData?.length ? { iso15118CertificateHashData: proof.hashData } : {}),
  });
}
