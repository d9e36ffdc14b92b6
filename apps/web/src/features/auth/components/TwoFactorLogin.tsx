import type { AccountSummaryDto, LoginTwoFactorBody, SecondFactorMethod } from '@admitone/shared';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';

import { isApiError } from '../../../lib/api-error';
import { applyFieldErrors } from '../../../lib/form-submit';
import { passkeyCancelled, passkeyFailure } from '../../../lib/passkey';
import { answerWithPasskey } from '../../../lib/passkey-prompt';
import { passkeyOptionsForChallenge, useLoginTwoFactor } from '../api/auth';
import { useFinishLogin } from '../hooks/useFinishLogin';
import { AccountChooser } from './AccountChooser';
import { TwoFactorCodeForm } from './TwoFactorCodeForm';

export interface TwoFactorLoginProps {
  /** The challenge the password's answer gave (or a passkey's, already passed: then `accounts`). */
  challenge: string;
  /** What the challenge may be answered with besides a recovery code (an authenticator app's code unless given). */
  methods?: SecondFactorMethod[];
  /** Both steps were given (a passkey alone): only the account is left to choose, among these. */
  accounts?: AccountSummaryDto[];
  /** Where to go once signed in; the saved address (or the event list) when not given. */
  to?: string;
  /** The step's heading level: 2 inside a page that has its own title. */
  headingOrder?: 1 | 2;
  /** Back to the password. */
  onBack: () => void;
  /** The challenge ran out (too late, or too many wrong codes): the password is asked again, with this error. */
  onExpired: (error: unknown) => void;
}

const isExpired = (e: unknown) => isApiError(e) && e.code === 'TWO_FACTOR_CHALLENGE_EXPIRED';

/**
 * After a right password, for a person with two-factor sign-in: the code (or a passkey, or a recovery code), then, for
 * a person in several accounts, which one to open; then signed in like any login.
 */
export function TwoFactorLogin({
  challenge,
  methods = ['totp'],
  accounts,
  to,
  headingOrder,
  onBack,
  onExpired,
}: TwoFactorLoginProps) {
  const verify = useLoginTwoFactor();
  const finishLogin = useFinishLogin();
  const [choice, setChoice] = useState<{ challenge: string; accounts: AccountSummaryDto[] } | null>(
    accounts ? { challenge, accounts } : null,
  );
  const [error, setError] = useState<unknown>(null);
  const [cancelled, setCancelled] = useState(false);

  const send = (body: LoginTwoFactorBody, setErrors?: (errors: Record<string, string>) => void) => {
    setError(null);
    setCancelled(false);
    verify.mutate(body, {
      onSuccess: (response) => {
        if (response.token) return finishLogin(to);
        if (response.two_factor?.verified && response.accounts.length > 1)
          setChoice({ challenge: response.two_factor.challenge, accounts: response.accounts });
        else setError(new Error('no account'));
      },
      onError: (e) => {
        if (isExpired(e)) return onExpired(e);
        // A refused passkey is a field error on `passkey`, which no field shows: it goes above the form.
        if (!setErrors || !applyFieldErrors(e, setErrors)) setError(passkeyFailure(e, 'passkey'));
      },
    });
  };

  // The browser's prompt for one of the person's passkeys, then its answer sent like a code.
  const passkey = useMutation({
    mutationFn: () => answerWithPasskey(() => passkeyOptionsForChallenge({ challenge })),
    onMutate: () => {
      setError(null);
      setCancelled(false);
    },
    onSuccess: (answer) => send({ challenge, passkey: answer }),
    onError: (e) => {
      if (isExpired(e)) onExpired(e);
      else if (passkeyCancelled(e)) setCancelled(true);
      else setError(e);
    },
  });

  if (choice) {
    return (
      <AccountChooser
        accounts={choice.accounts}
        loadingId={verify.isPending ? (verify.variables?.account_id ?? null) : null}
        error={error}
        onChoose={(accountId) => send({ challenge: choice.challenge, account_id: accountId })}
        onBack={onBack}
      />
    );
  }
  const sendingPasskey = verify.isPending && verify.variables?.passkey !== undefined;
  return (
    <TwoFactorCodeForm
      methods={methods}
      pending={verify.isPending && !sendingPasskey}
      passkeyPending={passkey.isPending || sendingPasskey}
      error={error}
      passkeyCancelled={cancelled}
      headingOrder={headingOrder}
      onSubmit={(factor, setErrors) => send({ challenge, ...factor }, setErrors)}
      onPasskey={() => passkey.mutate()}
      onBack={onBack}
    />
  );
}
