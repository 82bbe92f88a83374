import type { FastifyBaseLogger } from 'fastify';
import type { Db } from '../../db/client.js';
import { audit, NO_USER } from '../audit/audit.service.js';
import type { OcppChargePoint } from '../charge-points/charge-points.ocpp.js';
import type { CertificateAuthority } from './certificate-authority.js';
import { parseCsr, policyRefusal } from './csr-policy.js';
import * as repo from './issued-certificates.repository.js';
import type { x509 } from './x509.js';

type Payload = Record<string, unknown>;

/** Sends a recorded command (CommandsService.sendRecorded): CertificateSigned lands in the charger's command history. */
export type RecordedSend = (
  cp: { id: number; chargePointId: string },
  action: 'CertificateSigned',
  payload: { certificateChain: string },
  opts: { logged: Payload; userId: null },
) => Promise<{ ok: true; answer: Payload } | { ok: false; outcome: string; error: string | null }>;

/**
 * The charger's side of security: a raised profile confirmed by the charger's own connection, and
 * certificates (security edition use cases A02/A03): a SignCertificate is
 * answered at once (Accepted when the request can be read and its signature holds), then checked
 * against the CA's policy, signed, and the chain sent back by CertificateSigned. Every step is
 * stored and audited.
 */
export class CertificateSigningOcpp {
  constructor(
    private readonly o: {
      db: Db;
      ca: CertificateAuthority;
      cpoName: string | null;
      send: RecordedSend;
      log: FastifyBaseLogger;
    },
  ) {}

  /**
   * The charger connected meeting the profile it was sent but whose answer was RebootRequired (or
   * not yet stored): it is held to it from now on.
   */
  async profileTaken(cp: OcppChargePoint, profile: number) {
    await this.o.db.transaction(async (tx) => {
      await repo.promoteProfile(tx, cp.id, profile);
      await audit(tx, NO_USER, {
        action: 'securityProfile',
        entity: 'chargePoint',
        entityId: cp.chargePointId,
        summary: { securityProfile: [cp.securityProfile, profile] },
      });
    });
  }

  async signRequest(cp: OcppChargePoint, pem: string): Promise<'Accepted' | 'Rejected'> {
    const parsed = await parseCsr(pem);
    if (!parsed.ok || cp.registrationStatus !== 'accepted') {
      const reason = parsed.ok ? 'csr.notAccepted' : parsed.reason;
      await this.o.db.transaction((tx) =>
        audit(tx, NO_USER, {
          action: 'certificate.refused',
          entity: 'chargePoint',
          entityId: cp.chargePointId,
          summary: { reason },
        }),
      );
      return 'Rejected';
    }
    // The answer goes out first; the certificate follows in its own CALL.
    setImmediate(() => {
      this.issue(cp, parsed.csr).catch((err: unknown) =>
        this.o.log.error({ err, chargePointId: cp.chargePointId }, 'could not issue a charger certificate'),
      );
    });
    return 'Accepted';
  }

  /** Checks, signs, stores and delivers one accepted request. */
  async issue(cp: OcppChargePoint, csr: x509.Pkcs10CertificateRequest) {
    const { db } = this.o;
    const refusal = await policyRefusal(csr, cp.chargePointId, this.o.cpoName);
    if (refusal) {
      await db.transaction(async (tx) => {
        await repo.insertIssued(tx, {
          chargePointId: cp.id,
          subject: csr.subject,
          state: 'refused',
          reason: refusal,
        });
        await audit(tx, NO_USER, {
          action: 'certificate.refused',
          entity: 'chargePoint',
          entityId: cp.chargePointId,
          summary: { subject: csr.subject, reason: refusal },
        });
      });
      return;
    }
    const issued = await this.o.ca.sign(csr);
    const { chain, certificate, ...facts } = issued;
    const id = await db.transaction(async (tx) => {
      const rowId = await repo.insertIssued(tx, {
        chargePointId: cp.id,
        ...facts,
        certificate,
        state: 'sent',
      });
      await audit(tx, NO_USER, {
        action: 'certificate.signed',
        entity: 'chargePoint',
        entityId: cp.chargePointId,
        summary: { serialNumber: facts.serialNumber, subject: facts.subject, notAfter: facts.notAfter },
      });
      return rowId;
    });
    const result = await this.o.send(
      cp,
      'CertificateSigned',
      { certificateChain: chain },
      {
        logged: { serialNumber: facts.serialNumber, subject: facts.subject },
        userId: null,
      },
    );
    const state = !result.ok ? 'failed' : result.answer.status === 'Accepted' ? 'accepted' : 'rejected';
    const reason = result.ok ? null : (result.error ?? result.outcome);
    await db.transaction(async (tx) => {
      await repo.finishIssued(tx, id, state, reason);
      await audit(tx, NO_USER, {
        action: 'certificate.delivered',
        entity: 'chargePoint',
        entityId: cp.chargePointId,
        summary: { serialNumber: facts.serialNumber, state, ...(reason ? { reason } : {}) },
      });
    });
  }
}
