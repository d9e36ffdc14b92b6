import { hash, verify } from '@node-rs/argon2';

/** argon2id (the library's Algorithm.Argon2id, a const enum that isolated modules cannot read). */
const ARGON2ID = 2;

const OPTIONS = { algorithm: ARGON2ID, memoryCost: 19_456, timeCost: 2, parallelism: 1 };

/** Hashes a password with argon2id (OWASP's minimum parameters). */
export const hashPassword = (password: string) => hash(password, OPTIONS);

/** A hash of a random password, verified when the e-mail is unknown so both paths take as long. */
let dummyHash: Promise<string> | null = null;

/** Checks a password; with no stored hash it still spends the same time and answers false. */
export async function verifyPassword(storedHash: string | null, password: string): Promise<boolean> {
  if (!storedHash) {
    dummyHash ??= hashPassword('not-a-real-password-' + Math.random());
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  return verify(storedHash, password).catch(() => false);
}
