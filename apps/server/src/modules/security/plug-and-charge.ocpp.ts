import type { Db } from '../../db/client.js';
import type {
  ContractAnswer,
  ContractQuestion,
  EvCertificateAnswer,
  EvCertificateQuestion,
  OcspAnswer,
  OcspData,
  PncProvider,
} from './pnc-provider.js';
import { insertEvent } from './security.repository.js';

type Cp = { id: number; operatorId: number; chargePointId: string };

/**
 * The chargers' Plug & Charge questions, passed to the provider; each question and its outcome is
 * kept with the charger's security events (type `Iso15118…`, the outcome in the technical
 * information), so staff see on the Security tab what an EV asked and what it was told.
 */
export class PlugAndCharge {
  constructor(
    private readonly db: Db,
    private readonly provider: PncProvider,
  ) {}

  private async record(cp: Cp, type: string, status: string, detail: string, reason?: string) {
    const techInfo = [status, detail, reason].filter(Boolean).join(' · ').slice(0, 255);
    await insertEvent(this.db, {
      chargePointId: cp.id,
      operatorId: cp.operatorId,
      type,
      critical: false,
      occurredAt: new Date(),
      techInfo,
    });
  }

  /** M01/M02: an EV's contract certificate to install or update. */
  async evCertificate(cp: Cp, q: Omit<EvCertificateQuestion, 'chargePointId'>): Promise<EvCertificateAnswer> {
    const a = await this.provider.getEvCertificate({ ...q, chargePointId: cp.chargePointId });
    await this.record(cp, `Iso15118Certificate${q.action}`, a.status, q.iso15118SchemaVersion, a.reason);
    return a;
  }

  /** M06: the OCSP status of a certificate of an EV's chain. */
  async certificateStatus(cp: Cp, q: OcspData): Promise<OcspAnswer> {
    const a = await this.provider.ocspStatus({ ...q, chargePointId: cp.chargePointId });
    await this.record(cp, 'Iso15118CertificateStatus', a.status, `serial ${q.serialNumber}`, a.reason);
    return a;
  }

  /** C07: whether a contract certificate may authorize charging. */
  async contract(cp: Cp, q: Omit<ContractQuestion, 'chargePointId'>): Promise<ContractAnswer> {
    const a = await this.provider.verifyContract({ ...q, chargePointId: cp.chargePointId });
    await this.record(cp, 'Iso15118ContractAuthorization', a.status, q.idToken, a.reason);
    return a;
  }
}
