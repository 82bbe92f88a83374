import { createHash } from 'node:crypto';
import { EncryptJWT, jwtDecrypt } from 'jose';
import { z } from 'zod';

/**
 * A registration waiting for its e-mail to be confirmed, carried by the link itself (encrypted
 * and authenticated, so neither the password's hash nor the details can be read or changed):
 * nothing is stored until the owner of the address opens it.
 */
export const PendingRegistration = z.object({
  companyName: z.string(),
  name: z.string(),
  surname: z.string(),
  email: z.string(),
  passwordHash: z.string(),
  locale: z.string(),
});
export type PendingRegistration = z.infer<typeof PendingRegistration>;

const PURPOSE = 'voltline-registration';

export class RegistrationLinks {
  private readonly key: Uint8Array;
  constructor(secret: string) {
    this.key = createHash('sha256').update(`${PURPOSE}:${secret}`).digest();
  }

  seal(pending: PendingRegistration, now: Date, ttlMinutes: number): Promise<string> {
    const at = Math.floor(now.getTime() / 1000);
    return new EncryptJWT({ ...pending })
      .setProtectedHeader({ alg: 'dir', enc: 'A256GCM' })
      .setSubject(PURPOSE)
      .setIssuedAt(at)
      .setExpirationTime(at + ttlMinutes * 60)
      .encrypt(this.key);
  }

  /** The registration of a valid, unexpired link; null otherwise. */
  async open(token: string, now: Date): Promise<PendingRegistration | null> {
    try {
      const { payload } = await jwtDecrypt(token, this.key, { subject: PURPOSE, currentDate: now });
      const parsed = PendingRegistration.safeParse(payload);
      return parsed.success ? parsed.data : null;
    } catch {
      return null;
    }
  }
}
