import type { Ocpp, Ocpp201 } from '@voltline/contract';
import { defined, type CommandAnswer, type V201Context } from './context.js';

/**
 * L01: UpdateFirmware in 2.0.1 carries a requestId that its FirmwareStatusNotifications name; 1.6's
 * answer is empty, so the charger's status and the requestId ride along in it.
 */
export async function updateFirmware(
  req: Ocpp.UpdateFirmwareRequest,
  ctx: V201Context,
): Promise<CommandAnswer<'UpdateFirmware'>> {
  const requestId = ctx.freshId();
  const answer = await ctx.call('UpdateFirmware', {
    requestId,
    firmware: { location: req.location, retrieveDateTime: req.retrieveDate },
    ...defined({ retries: req.retries, retryInterval: req.retryInterval }),
  });
  return { status: answer.status, requestId };
}

/** L01 for a signed image: the security edition's SignedUpdateFirmware is 2.0.1's UpdateFirmware. */
export async function signedUpdateFirmware(
  req: Ocpp.SignedUpdateFirmwareRequest,
  ctx: V201Context,
): Promise<CommandAnswer<'SignedUpdateFirmware'>> {
  const answer = await ctx.call('UpdateFirmware', req);
  return { status: answer.status };
}

/**
 * N01: GetDiagnostics is a GetLog of the diagnostics log under a fresh requestId. 1.6's answer
 * names the file (none: nothing to upload); the charger's status and the requestId its
 * LogStatusNotifications name ride along.
 */
export async function getDiagnostics(
  req: Ocpp.GetDiagnosticsRequest,
  ctx: V201Context,
): Promise<CommandAnswer<'GetDiagnostics'>> {
  const requestId = ctx.freshId();
  const answer = await ctx.call('GetLog', {
    logType: 'DiagnosticsLog',
    requestId,
    log: {
      remoteLocation: req.location,
      ...defined({ oldestTimestamp: req.startTime, latestTimestamp: req.stopTime }),
    },
    ...defined({ retries: req.retries, retryInterval: req.retryInterval }),
  });
  return { status: answer.status, requestId, ...defined({ fileName: answer.filename }) };
}

/** N01: the security edition's GetLog is 2.0.1's. */
export async function getLog(req: Ocpp.GetLogRequest, ctx: V201Context): Promise<CommandAnswer<'GetLog'>> {
  const answer = await ctx.call('GetLog', req);
  return { status: answer.status, ...defined({ filename: answer.filename }) };
}

type CertificateType16 = Ocpp.InstallCertificateRequest['certificateType'];
/** The central system is the CSMS in 2.0.1; the manufacturer's root keeps its name. */
function certificateType201(type: CertificateType16): Ocpp201.InstallCertificateRequest['certificateType'] {
  return type === 'CentralSystemRootCertificate' ? 'CSMSRootCertificate' : type;
}

/** M05. */
export async function installCertificate(
  req: Ocpp.InstallCertificateRequest,
  ctx: V201Context,
): Promise<CommandAnswer<'InstallCertificate'>> {
  const answer = await ctx.call('InstallCertificate', {
    certificateType: certificateType201(req.certificateType),
    certificate: req.certificate,
  });
  return { status: answer.status };
}

/** M03: 2.0.1 asks for a list of types and answers chains; 1.6 wants the certificates' hashes. */
export async function getInstalledCertificateIds(
  req: Ocpp.GetInstalledCertificateIdsRequest,
  ctx: V201Context,
): Promise<CommandAnswer<'GetInstalledCertificateIds'>> {
  const answer = await ctx.call('GetInstalledCertificateIds', {
    certificateType: [certificateType201(req.certificateType)],
  });
  const hashes = answer.certificateHashDataChain?.map(({ certificateHashData: h }) => ({
    hashAlgorithm: h.hashAlgorithm,
    issuerNameHash: h.issuerNameHash,
    issuerKeyHash: h.issuerKeyHash,
    serialNumber: h.serialNumber,
  }));
  return { status: answer.status, ...defined({ certificateHashData: hashes }) };
}

/** M04: the same command in both versions. */
export async function deleteCertificate(
  req: Ocpp.DeleteCertificateRequest,
  ctx: V201Context,
): Promise<CommandAnswer<'DeleteCertificate'>> {
  const answer = await ctx.call('DeleteCertificate', { certificateHashData: req.certificateHashData });
  return { status: answer.status };
}

/** A02: the signed certificate the charger asked for; 2.0.1 assumes its own (station) certificate. */
export async function certificateSigned(
  req: Ocpp.CertificateSignedRequest,
  ctx: V201Context,
): Promise<CommandAnswer<'CertificateSigned'>> {
  const answer = await ctx.call('CertificateSigned', { certificateChain: req.certificateChain });
  return { status: answer.status };
}
