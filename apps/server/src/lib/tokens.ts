import { createHash, randomBytes } from 'node:crypto';
import { errors, jwtVerify, SignJWT } from 'jose';
import { systemClock, type Clock } from './clock.js';

export interface AccessClaims {
  userId: number;
  sessionId: string;
}

const ISSUER = 'voltline';

export class TokenService {
  private readonly key: Uint8Array;
  constructor(
    secret: string,
    private readonly ttlSeconds: number,
    /** How long after expiry a token may still be exchanged for a new one (the refresh call). */
    private readonly refreshGraceSeconds = 300,
    private readonly clock: Clock = systemClock,
  ) {
    this.key = new TextEncoder().encode(secret);
  }

  sign(claims: AccessClaims): Promise<string> {
    const now = Math.floor(this.clock.now().getTime() / 1000);
    return new SignJWT({ sid: claims.sessionId })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(claims.userId))
      .setIssuer(ISSUER)
      .setIssuedAt(now)
      .setExpirationTime(now + this.ttlSeconds)
      .sign(this.key);
  }

  /**
   * Verifies signature and issuer. `allowExpired` is for the refresh call, which takes a token
   * that ran out at most `refreshGraceSeconds` ago (the session row then decides whether a new
   * one may be issued); an older token is refused, so a token copied long ago is worth nothing.
   */
  async verify(token: string, allowExpired = false): Promise<AccessClaims | 'expired' | null> {
    const now = this.clock.now();
    try {
      const { payload } = await jwtVerify(token, this.key, {
        issuer: ISSUER,
        algorithms: ['HS256'],
        currentDate: now,
      });
      return toClaims(payload);
    } catch (err) {
      if (err instanceof errors.JWTExpired) {
        const exp = typeof err.payload.exp === 'number' ? err.payload.exp * 1000 : 0;
        const fresh = now.getTime() - exp <= this.refreshGraceSeconds * 1000;
        return allowExpired && fresh ? toClaims(err.payload) : 'expired';
      }
      return null;
    }
  }
}

function toClaims(payload: { sub?: string; sid?: unknown }): AccessClaims | null {
  const userId = Number(payload.sub);
  if (!Number.isInteger(userId) || typeof payload.sid !== 'string') return null;
  return { userId, sessionId: payload.sid };
}

export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url');
}

export function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}
