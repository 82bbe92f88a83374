import {
  CERTIFICATE_RENEWAL_DAYS,
  ISSUED_CERTIFICATE_STATES,
  type ChargePointSecurity,
  type IssuedCertificateState,
} from '@voltline/contract';
import type { Db } from '../../db/client.js';
import type { Clock } from '../../lib/clock.js';
import type { Ctx } from '../../lib/context.js';
import { AppError, notFound } from '../../lib/errors.js';
import { ocppEndpoint } from '../../lib/ocpp-endpoint.js';
import type { MessageKey } from '../../lib/messages.js';
import { audit } from '../audit/audit.service.js';
import { findChargePoint } from '../charge-points/registry.repository.js';
import type { Prepared, Target } from '../commands/commands.service.js';
import * as repo from './issued-certificates.repository.js';

const DAY = 86_400_000;

/**
 * Security profiles per charge point (OCPP 1.6 security edition, use case A05). A profile is only
 * raised, and only once what it needs is in place: TLS for 2 and 3, a password for 2, a client
 * certificate from Voltline's CA that the charger accepted for 3. ChangeConfiguration SecurityProfile
 * goes through the commands service (recorded, audited), and the new profile is stored when the
 * charger accepts it.
 */
export class SecurityProfiles {
  constructor(
    private readonly db: Db,
    private readonly clock: Clock,
    /** Whether Voltline serves TLS. */
    private readonly tls: boolean,
    /** PUBLIC_URL, which chargers connect to (a network connection profile's URL). */
    private readonly publicUrl: string,
  ) {}

  /** The OCPP identity of a charge point in the actor's reach. */
  async identityOf(ctx: Ctx, id: number): Promise<string> {
    const found = await findChargePoint(this.db, ctx.actor, id);
    if (!found) throw notFound('chargePoint');
    return found.cp.chargePointId;
  }

  async get(ctx: Ctx, id: number): Promise<ChargePointSecurity> {
    const found = await findChargePoint(this.db, ctx.actor, id);
    if (!found) throw notFound('chargePoint');
    const now = this.clock.now().getTime();
    const rows = await repo.certificatesOf(this.db, found.cp.id);
    return {
      securityProfile: found.cp.securityProfile,
      pendingSecurityProfile: found.cp.pendingSecurityProfile,
      hasPassword: found.cp.passwordHash !== null,
      tls: this.tls,
      csmsUrl: ocppEndpoint(this.publicUrl, found.cp.securityProfile),
      certificates: rows.map((r) => {
        const until = r.notAfter?.getTime() ?? null;
        const expired = until !== null && until <= now;
        return {
          id: r.id,
          serialNumber: r.serialNumber,
          subject: r.subject,
          notBefore: r.notBefore?.toISOString() ?? null,
          notAfter: r.notAfter?.toISOString() ?? null,
          fingerprint: r.fingerprint,
          state: stateOf(r.state),
          reason: r.reason,
          expired,
          expiresSoon:
            r.state === 'accepted' &&
            until !== null &&
            !expired &&
            until - now <= CERTIFICATE_RENEWAL_DAYS * DAY,
          createdAt: r.createdAt.toISOString(),
        };
      }),
    };
  }

  /**
   * The CommandsService hook for ChangeConfiguration of SecurityProfile, whether it comes from the
   * profile route or the generic command route: refuses a downgrade or a raise whose prerequisites
   * are missing, and stores the profile once the charger accepted it.
   */
  async prepare(ctx: Ctx, cp: Target, value: string): Promise<Prepared> {
    const profile = /^\s*[123]\s*$/.test(value) ? Number(value) : null;
    if (profile === null) throw refusal('securityProfile.invalid', {});
    const current = await repo.profileOf(this.db, cp.id);
    if (!current) throw notFound('chargePoint');
    const from = current.securityProfile;
    if (profile < from) throw refusal('securityProfile.downgrade', { current: from, profile });
    if (profile === from) throw refusal('securityProfile.same', { profile });
    if (!this.tls) throw refusal('securityProfile.noTls', {});
    if (profile === 2 && !current.hasPassword) throw refusal('securityProfile.noPassword', {});
    if (profile === 3 && !(await repo.hasValidCertificate(this.db, cp.id, this.clock.now()))) {
      throw refusal('securityProfile.noCertificate', {});
    }
    // Pending until answered: the charger may reconnect with the new profile before its answer is stored.
    await repo.setPendingProfile(this.db, cp.id, profile);
    const payload = { key: 'SecurityProfile', value: String(profile) };
    return {
      payload,
      logged: payload,
      after: async (tx, answer) => {
        // RebootRequired, or an answer that applies on reconnection (a 2.0.1 charger's new network
        // profile and reset, A05): it stays pending and is stored when the charger first connects
        // with it (handshake.ts).
        if (answer.status === 'RebootRequired' || answer.appliesOnReconnect === true) return;
        if (answer.status !== 'Accepted') return repo.setPendingProfile(tx, cp.id, null);
        await repo.promoteProfile(tx, cp.id, profile);
        await audit(tx, ctx, {
          action: 'securityProfile',
          entity: 'chargePoint',
          entityId: cp.chargePointId,
          summary: { securityProfile: [from, profile] },
        });
      },
      failed: (tx) => repo.setPendingProfile(tx, cp.id, null),
    };
  }
}

function refusal(key: MessageKey, params: Record<string, number>) {
  return new AppError(400, key, params);
}

function stateOf(state: string): IssuedCertificateState {
  return (ISSUED_CERTIFICATE_STATES as readonly string[]).includes(state)
    ? (state as IssuedCertificateState)
    : 'failed';
}
