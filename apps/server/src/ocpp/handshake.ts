import type { FastifyBaseLogger } from 'fastify';
import type { IHandshakeInterface } from 'ocpp-rpc/lib/server-client.js';
import { CHARGE_POINT_ID_PATTERN } from '@voltline/contract';
import type { ChargersOcpp, OcppChargePoint } from '../modules/charge-points/charge-points.ocpp.js';
import type { CertificateSigningOcpp } from '../modules/security/certificate-signing.ocpp.js';
import { basicAuthPassword } from '../lib/charger-auth.js';
import type { Metrics } from '../lib/metrics.js';
import { AddressLimit } from './address-limit.js';
import type { OcppMessageLog } from './message-log.js';
import { meetsProfile } from './security-profile.js';

/**
 * The OCPP versions Voltline speaks, most preferred first: a charger offering both gets 2.0.1.
 * Each is an adapter over the same domain (ocpp/v16, ocpp/v201).
 */
export const SUBPROTOCOLS = ['ocpp2.0.1', 'ocpp1.6'] as const;
export type OcppProtocol = (typeof SUBPROTOCOLS)[number];

/** What the socket carries: a charge point, or the id of an unknown charger held as pending. */
export type Session = { cp: OcppChargePoint } | { pending: string };
type AuthResult = { ok: true; session: Session } | { ok: false; code: number; reason: string };

interface HandshakeDeps {
  chargers: ChargersOcpp;
  certificates?: CertificateSigningOcpp;
  messageLog: OcppMessageLog;
  log: FastifyBaseLogger;
  metrics?: Metrics;
  /** See CentralSystemOptions.unknownChargers. */
  unknownChargers?: { hold: boolean; perAddressPerMinute: number; maxPending?: number };
}

/**
 * Who may open a socket at /ocpp/{chargePointId}: the path, the subprotocol, the charger's
 * security profile and password; and what becomes of an id no operator has.
 */
export class Handshake {
  private readonly unknownLimit: AddressLimit;

  constructor(private readonly d: HandshakeDeps) {
    this.unknownLimit = new AddressLimit(d.unknownChargers?.perAddressPerMinute ?? 30);
  }

  async authenticate(h: IHandshakeInterface): Promise<AuthResult> {
    const path = new URL(h.request.url ?? '/', 'http://localhost').pathname.split('/').filter(Boolean);
    const identity = h.identity;
    if (path.length !== 2 || path[0] !== 'ocpp' || !CHARGE_POINT_ID_PATTERN.test(identity)) {
      return { ok: false, code: 404, reason: 'Unknown endpoint or invalid charge point id' };
    }
    // OCPP-J: a charger names the OCPP versions it speaks; one offering none Voltline speaks (or
    // none at all) is refused before the WebSocket opens, and the message log says why.
    if (!SUBPROTOCOLS.some((p) => h.protocols.has(p))) {
      const offered = [...h.protocols];
      const supported = SUBPROTOCOLS.join(', ');
      const reason = offered.length
        ? `No supported subprotocol offered (offered: ${offered.join(', ')}; supported: ${supported})`
        : `No subprotocol offered (supported: ${supported})`;
      this.d.messageLog.note(identity, 'Handshake', { refused: reason, offered });
      return { ok: false, code: 400, reason };
    }
    const password = basicAuthPassword(h.headers.authorization, identity);
    const cp = await this.d.chargers.find(identity);
    if (!cp) return this.unknownCharger(identity, h.remoteAddress ?? null, password);
    // Held to a raised profile it was sent, which it takes by connecting so (a connection of profile
    // 2 also meets profile 1's rule, so the raised one is asked first); or to its security profile.
    const pending = cp.pendingSecurityProfile;
    if (pending && pending > cp.securityProfile && !meetsProfile(pending, h.request, cp, password)) {
      await this.d.certificates?.profileTaken(cp, pending);
      return { ok: true, session: { cp: { ...cp, securityProfile: pending, pendingSecurityProfile: null } } };
    }
    const refused = meetsProfile(cp.securityProfile, h.request, cp, password);
    if (!refused) return { ok: true, session: { cp } };
    if (refused.reason !== 'Unauthorized') {
      this.d.messageLog.note(identity, 'Handshake', {
        refused: refused.reason,
        securityProfile: cp.securityProfile,
      });
    }
    return { ok: false, code: refused.code, reason: refused.reason };
  }

  /**
   * A charger no operator has. Auto-registration never picks an operator for it: it is held at the
   * installation level as pending until an Admin approves it (pending.service.ts). Each address may
   * try a bounded number of unknown ids a minute; past that the handshake is refused and only
   * counted (metrics), so a flood of made-up ids writes nothing.
   */
  private async unknownCharger(
    identity: string,
    address: string | null,
    password: Buffer | undefined,
  ): Promise<AuthResult> {
    const counted = this.d.metrics?.unknownChargers;
    if (!this.unknownLimit.take(address ?? 'unknown')) {
      counted?.inc({ outcome: 'limited' });
      return { ok: false, code: 429, reason: 'Too many unknown charge points from this address' };
    }
    if (!this.d.unknownChargers?.hold) {
      counted?.inc({ outcome: 'refused' });
      return { ok: false, code: 404, reason: 'Unknown charge point' };
    }
    const max = this.d.unknownChargers?.maxPending ?? 1000;
    if (!(await this.d.chargers.recordPending(identity, address, password, max))) {
      counted?.inc({ outcome: 'full' });
      return { ok: false, code: 429, reason: 'Too many unknown charge points waiting for approval' };
    }
    counted?.inc({ outcome: 'pending' });
    this.d.log.info({ identity, address }, 'unknown charge point held as pending');
    return { ok: true, session: { pending: identity } };
  }
}
