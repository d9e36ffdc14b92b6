import { generateSecret, generateURI, verify } from 'otplib';

/** One code window either side of now (30 s): an app whose clock is a little off still signs in. */
const TOLERANCE_SECONDS = 30;

/** A new secret for an authenticator app (160 bits, Base32). */
export const newTotpSecret = () => generateSecret();

/** The otpauth:// address an authenticator app reads from the QR code. */
export const totpUri = (issuer: string, email: string, secret: string) => generateURI({ issuer, label: email, secret });

/**
 * The 30-second step of `code` when it is right at `now` and newer than `afterStep` (the newest step accepted before,
 * so a code works once); null otherwise.
 */
export async function totpStepOf(
  secret: string,
  code: string,
  now: Date,
  afterStep: number | null,
): Promise<number | null> {
  const result = await verify({
    secret,
    token: code,
    epoch: Math.floor(now.getTime() / 1000),
    epochTolerance: TOLERANCE_SECONDS,
    ...(afterStep === null ? {} : { afterTimeStep: afterStep }),
  }).catch(() => null);
  return result?.valid && 'timeStep' in result ? result.timeStep : null;
}
