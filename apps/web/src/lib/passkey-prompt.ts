import type { AddPasskeyBody, AuthenticationCredential, PasskeyOptionsDto } from '@admitone/shared';
import {
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  startAuthentication,
  startRegistration,
} from '@simplewebauthn/browser';

/**
 * The browser's passkey prompts (WebAuthn, through `@simplewebauthn/browser`). The server's options and the browser's
 * answers travel as WebAuthn's JSON: the shared schemas only bound their shape, and the server checks what they say,
 * so they are passed on as they are.
 */

/** Makes a new passkey with the server's options: the browser asks for a fingerprint, face, PIN or security key. */
export async function createPasskey({ ceremony, options }: PasskeyOptionsDto) {
  const credential = await startRegistration({
    optionsJSON: options as unknown as PublicKeyCredentialCreationOptionsJSON,
  });
  return { ceremony, credential: credential as unknown as AddPasskeyBody['credential'] };
}

/** Signs the server's challenge with a passkey the person picks (the options name which ones may answer). */
export async function answerWithPasskey(getOptions: () => Promise<PasskeyOptionsDto>) {
  const { ceremony, options } = await getOptions();
  const credential = await startAuthentication({
    optionsJSON: options as unknown as PublicKeyCredentialRequestOptionsJSON,
  });
  return { ceremony, credential: credential as unknown as AuthenticationCredential };
}
