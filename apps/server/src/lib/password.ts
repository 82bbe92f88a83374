import argon2 from 'argon2';

// OWASP's argon2id baseline (19 MiB, 2 passes): strong enough, and keeps sign-in under ~50 ms here.
const OPTIONS = { type: argon2.argon2id, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return argon2.hash(password, OPTIONS);
}

export async function verifyPassword(hash: string, password: string): Promise<boolean> {
  try {
    return await argon2.verify(hash, password);
  } catch {
    return false;
  }
}

/** Verified against when the e-mail is unknown, so the answer takes as long as for a real account. */
let dummyHash: Promise<string> | undefined;
export function dummyVerify(password: string): Promise<boolean> {
  dummyHash ??= hashPassword('voltline-timing-equaliser');
  return dummyHash.then((h) => verifyPassword(h, password));
}
