import type { Ocpp201 } from '@voltline/contract';
import { hashDataOf, same, type HashAlgorithm } from '../certificates.js';
import type { Handlers201 } from './commands.js';
import type { SimCharger201 } from './charger.js';
import { logFile, runFirmwareUpdate, runLogUpload } from './firmware-logs.js';

type HashData = Ocpp201.DeleteCertificateRequest['certificateHashData'];

/** A certificate's hash data as the station names it, or undefined for one it cannot read. */
function named(pem: string, algorithm: HashAlgorithm): ReturnType<typeof hashDataOf> | undefined {
  try {
    return hashDataOf(pem, algorithm);
  } catch {
    return undefined;
  }
}

/** The stored certificate a DeleteCertificate names, hashed with the algorithm it names. */
function find(s: SimCharger201, h: HashData) {
  return s.certificates.findIndex((c) => {
    const mine = named(c.pem, h.hashAlgorithm);
    return mine !== undefined && same(h, mine);
  });
}

/** Firmware (L01/L02), logs (N01) and certificates (M03–M05) of a 2.0.1 station. */
export const fileCommands: Handlers201 = {
  UpdateFirmware: (s, p) => {
    // A new request cancels the update under way (L01.FR.24): AcceptedCanceled.
    const status = s.firmwareRequest !== undefined ? 'AcceptedCanceled' : 'Accepted';
    s.firmwareRequest = p.requestId;
    s.later(0, () => void runFirmwareUpdate(s, p));
    return { status };
  },

  GetLog: (s, p) => {
    const { name, body } = logFile(s, p);
    const status = s.logRequest !== undefined ? 'AcceptedCanceled' : 'Accepted';
    s.logRequest = p.requestId;
    s.later(0, () => void runLogUpload(s, p, name, body));
    return { status, filename: name };
  },

  /** M05: a root certificate the station can read is kept under its type; anything else Rejected. */
  InstallCertificate: (s, p) => {
    const h = named(p.certificate, 'SHA256');
    if (!h) return { status: 'Rejected' };
    const held = s.certificates.some((c) => {
      const mine = c.type === p.certificateType ? named(c.pem, 'SHA256') : undefined;
      return mine !== undefined && same(h, mine);
    });
    if (!held) s.certificates.push({ type: p.certificateType, pem: p.certificate });
    return { status: 'Accepted' };
  },

  /** M03: the certificates of the asked types (all without a type), hashed as the station is set to. */
  GetInstalledCertificateIds: (s, p) => {
    const types = p.certificateType;
    const chain = s.certificates
      .filter((c) => !types?.length || types.includes(c.type as (typeof types)[number]))
      .flatMap((c) => {
        const h = named(c.pem, s.certificateHashAlgorithm);
        return h
          ? [{ certificateType: c.type as NonNullable<typeof types>[number], certificateHashData: h }]
          : [];
      });
    return chain.length > 0
      ? { status: 'Accepted', certificateHashDataChain: chain }
      : { status: 'NotFound' };
  },

  /** M04: NotFound for a certificate it does not hold; its own CSMS root in use over TLS cannot go (Failed). */
  DeleteCertificate: (s, p) => {
    const i = find(s, p.certificateHashData);
    if (i < 0) return { status: 'NotFound' };
    const c = s.certificates[i]!;
    const roots = s.certificates.filter((x) => x.type === 'CSMSRootCertificate');
    if (c.type === 'CSMSRootCertificate' && s.options.tls && roots.length === 1) return { status: 'Failed' };
    s.certificates.splice(i, 1);
    return { status: 'Accepted' };
  },
};
