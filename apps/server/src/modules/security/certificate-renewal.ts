import { CERTIFICATE_RENEWAL_DAYS } from '@voltline/contract';
import type { Db } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import { audit, NO_USER } from '../audit/audit.service.js';
import * as repo from './issued-certificates.repository.js';

type Payload = Record<string, unknown>;

/** Sends a recorded command (CommandsService.sendRecorded): the trigger lands in the charger's command history. */
export type TriggerSend = (
  cp: { id: number; chargePointId: string },
  action: 'ExtendedTriggerMessage',
  payload: { requestedMessage: 'SignChargePointCertificate' },
  opts: { logged: Payload; userId: null },
) => Promise<{ ok: true; answer: Payload } | { ok: false; outcome: string; error: string | null }>;

/**
 * Certificate renewal (security edition A02/A03: the central system may trigger a charger to renew
 * its certificate). Each run asks every connected charger whose certificate ends within
 * CERTIFICATE_RENEWAL_DAYS for a new one by ExtendedTriggerMessage SignChargePointCertificate, at
 * most once a day; its CSR then goes the usual way (SignCertificate → CertificateSigned).
 */
export class CertificateRenewal {
  constructor(private readonly o: { db: Db; clock: Clock; send: TriggerSend }) {}

  /** The chargers asked this run. */
  async run(): Promise<number> {
    const due = await repo.dueForRenewal(this.o.db, this.o.clock.now(), CERTIFICATE_RENEWAL_DAYS);
    for (const cp of due) {
      const payload = { requestedMessage: 'SignChargePointCertificate' } as const;
      const r = await this.o.send(cp, 'ExtendedTriggerMessage', payload, { logged: payload, userId: null });
      const answer = r.ok ? String(r.answer.status) : r.outcome;
      await this.o.db.transaction((tx) =>
        audit(tx, NO_USER, {
          action: 'certificate.renewalRequested',
          entity: 'chargePoint',
          entityId: cp.chargePointId,
          summary: { notAfter: cp.notAfter, answer },
        }),
      );
    }
    return due.length;
  }
}
