import type { TLSSocket } from 'node:tls';
import type { IncomingMessage } from 'node:http';
import { passwordCandidates, verifyChargerPassword } from '../lib/charger-auth.js';
import type { OcppChargePoint } from '../modules/charge-points/charge-points.ocpp.js';

/** Null: the connection meets the profile; else why it does not (the handshake's refusal). */
export type ProfileCheck = null | { code: 401 | 403; reason: string };

/**
 * Whether a charger's connection meets a security profile (OCPP 1.6 security edition):
 * 1: Basic auth with its password (when it has one), plain or TLS;
 * 2: TLS and Basic auth with its password;
 * 3: TLS with a client certificate from a trusted CA whose common name is the charge point id;
 *    no password is asked.
 * The TLS server requests client certificates without requiring them; OpenSSL verified the chain
 * against the trusted CAs (Voltline's own and TLS_CA_FILE) and `authorized` says whether it held.
 */
export function meetsProfile(
  profile: number,
  request: IncomingMessage,
  cp: Pick<OcppChargePoint, 'chargePointId' | 'passwordHash' | 'pendingPasswordHash'>,
  password: Buffer | undefined,
): ProfileCheck {
  const tls =
    (request.socket as Partial<TLSSocket>).encrypted === true ? (request.socket as TLSSocket) : null;
  if (profile >= 2 && !tls) {
    return { code: 403, reason: `Security profile ${profile} requires TLS (wss://)` };
  }
  if (profile >= 3) return clientCertificate(tls as TLSSocket, cp.chargePointId);
  // A charger that was just sent a new password may reconnect with it before its answer to the
  // change is stored; until then both work.
  // The password may be the AuthorizationKey's bytes or its hexadecimal string: either matches.
  const candidates = passwordCandidates(password);
  const known = (hash: string | null) =>
    hash !== null && candidates.some((c) => verifyChargerPassword(hash, c));
  if (profile === 2 && !cp.passwordHash) {
    return { code: 401, reason: 'Security profile 2 requires a password, and none is set' };
  }
  if (cp.passwordHash && !known(cp.passwordHash) && !known(cp.pendingPasswordHash)) {
    return { code: 401, reason: 'Unauthorized' };
  }
  return null;
}

function clientCertificate(socket: TLSSocket, chargePointId: string): ProfileCheck {
  const cert = socket.getPeerCertificate();
  if (!cert || Object.keys(cert).length === 0) {
    return { code: 401, reason: 'Security profile 3 requires a client certificate' };
  }
  if (!socket.authorized) {
    return {
      code: 401,
      reason: `Client certificate not trusted (${String(socket.authorizationError ?? 'unknown')})`,
    };
  }
  const cn = cert.subject?.CN;
  const names = Array.isArray(cn) ? cn : cn ? [cn] : [];
  if (names.length !== 1 || names[0]?.toLowerCase() !== chargePointId.toLowerCase()) {
    return { code: 401, reason: `Client certificate is not for this charge point (CN=${names.join(',')})` };
  }
  return null;
}
