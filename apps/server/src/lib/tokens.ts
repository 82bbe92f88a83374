import { createHash, randomBytes } from 'node:crypto';
import { errors, jwtVerify, SignJWT } from 'jose';

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
  ) {
    this.key = new TextEncoder().encode(secret);
  }

  sign(claims: AccessClaims): Promise<string> {
    return new SignJWT({ sid: claims.sessionId })
      .setProtectedHeader({ alg: 'HS256' })
      .setSubject(String(claims.userId))
      .setIssuer(ISSUER)
      .setIssuedAt()
      .setExpirationTime(`${this.ttlSeconds}s`)
      .sign(this.key);
  }

  /**
   * Verifies signature and issuer; `allowExpired` is for the refresh call, which takes the token
   * that just ran out (the session row decides whether a new one may be issued).
   */
  async verify(token: string, allowExpired = false): Promise<AccessClaims | 'expired' | null> {
    try {
      const { payload } = await jwtVerify(token, this.key, {
        issuer: ISSUER,
        algorithms: ['HS256'],
        currentDate: allowExpired ? new Date(0) : undefined,
      });
      return toClaims(payload);
    } catch (err) {
      if (err instanceof errors.JWTExpired) {
        return allowExpired ? toClaims(err.payload) : 'expired';
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
