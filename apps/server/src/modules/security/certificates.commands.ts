import {
  CertificateHashData,
  ISO15118_CERTIFICATE_USES,
  keepsIso15118Certificates,
  type CommandName,
} from '@voltline/contract';
import { AppError } from '../../lib/errors.js';
import type { Db, Tx } from '../../db/client.js';
import { inspectRootCertificate, normalHashData } from './certificate-hash.js';
import * as repo from './security.repository.js';

type Payload = Record<string, unknown>;

/** What a certificate command sends, what its audit line says, and what the answer changes. */
export interface CertificateCommand {
  payload: Payload;
  logged: Payload;
  after: (tx: Tx, answer: Payload) => Promise<void>;
  extra?: Payload;
}

export const CERTIFICATE_COMMANDS: ReadonlySet<CommandName> = new Set<CommandName>([
  'installCertificate',
  'getInstalledCertificateIds',
  'deleteCertificate',
]);

/** Two names of one certificate match whatever the hexadecimal's case or the serial's leading zeroes. */
const keyOf = (h: CertificateHashData) => {
  const n = normalHashData(h);
  return [n.hashAlgorithm, n.issuerNameHash, n.issuerKeyHash, n.serialNumber].join(':');
};
const hashOf = (r: repo.CertificateRow) => r as unknown as CertificateHashData;

/**
 * A certificate as its audit line names it. Keys avoid the word "hash": the audit log redacts
 * such keys as secrets, and these digests are public names of public certificates.
 */
const named = (h: CertificateHashData, more: { certificateType?: string; subject?: string | null }) => ({
  ...more,
  serialNumber: h.serialNumber,
  digestAlgorithm: h.hashAlgorithm,
  issuerNameDigest: h.issuerNameHash,
  issuerKeyDigest: h.issuerKeyHash,
});

/**
 * InstallCertificate, GetInstalledCertificateIds and DeleteCertificate keep Voltline's list of a
 * charger's root certificates true to its answers. A certificate is checked before it is sent (a
 * readable, self-issued X.509 certificate) and named in the audit line by its subject and hash
 * data rather than by its PEM text.
 */
export async function prepareCertificateCommand(
  db: Db,
  cp: { id: number; chargePointId: string; ocppProtocol: string | null },
  command: CommandName,
  request: Payload,
): Promise<CertificateCommand> {
  // M03/M05: a charger whose protocol keeps no ISO 15118 certificates is not asked of them.
  const type = typeof request.certificateType === 'string' ? request.certificateType : undefined;
  if (
    type &&
    ISO15118_CERTIFICATE_USES.includes(type) &&
    !keepsIso15118Certificates(cp.ocppProtocol ?? undefined)
  ) {
    throw new AppError(409, 'command.noIso15118Certificates', {
      chargePointId: cp.chargePointId,
      certificateType: type,
    });
  }
  if (command === 'installCertificate') {
    const certificateType = String(request.certificateType);
    const info = inspectRootCertificate(String(request.certificate));
    return {
      payload: request,
      logged: named(info.hashData, { certificateType, subject: info.subject }),
      after: async (tx, answer) => {
        if (answer.status !== 'Accepted') return;
        const known = (await repo.certificatesOf(tx, cp.id)).find(
          (r) => r.certificateType === certificateType && keyOf(hashOf(r)) === keyOf(info.hashData),
        );
        if (known)
          await repo.updateCertificate(tx, known.id, { subject: info.subject, reportedAt: new Date() });
        else
          await repo.insertCertificate(tx, {
            chargePointId: cp.id,
            certificateType,
            ...info.hashData,
            subject: info.subject,
          });
      },
      extra: { hashData: info.hashData, subject: info.subject },
    };
  }
  if (command === 'getInstalledCertificateIds') {
    const certificateType = String(request.certificateType);
    return {
      payload: request,
      logged: request,
      after: async (tx, answer) => {
        if (answer.status !== 'Accepted' && answer.status !== 'NotFound') return;
        const reported = (Array.isArray(answer.certificateHashData) ? answer.certificateHashData : [])
          .map((item) => CertificateHashData.safeParse(item))
          .flatMap((p) => (p.success ? [p.data] : []));
        const known = (await repo.certificatesOf(tx, cp.id)).filter(
          (r) => r.certificateType === certificateType,
        );
        const at = new Date();
        // The charger's own spelling of each certificate is kept: DeleteCertificate names it so.
        for (const h of reported) {
          const row = known.find((r) => keyOf(hashOf(r)) === keyOf(h));
          if (row) await repo.updateCertificate(tx, row.id, { ...h, reportedAt: at });
          else
            await repo.insertCertificate(tx, { chargePointId: cp.id, certificateType, ...h, reportedAt: at });
        }
        const now = new Set(reported.map(keyOf));
        await repo.removeCertificatesById(
          tx,
          known.filter((r) => !now.has(keyOf(hashOf(r)))).map((r) => r.id),
        );
      },
    };
  }
  const hashData = request.certificateHashData as CertificateHashData;
  const target = keyOf(hashData);
  const known = (await repo.certificatesOf(db, cp.id)).find((r) => keyOf(hashOf(r)) === target);
  return {
    payload: request,
    logged: named(hashData, { certificateType: known?.certificateType, subject: known?.subject }),
    after: async (tx, answer) => {
      // NotFound: the charger does not hold it (any more); Voltline's record of it was stale.
      if (answer.status !== 'Accepted' && answer.status !== 'NotFound') return;
      const rows = await repo.certificatesOf(tx, cp.id);
      await repo.removeCertificatesById(
        tx,
        rows.filter((r) => keyOf(hashOf(r)) === target).map((r) => r.id),
      );
    },
  };
}
