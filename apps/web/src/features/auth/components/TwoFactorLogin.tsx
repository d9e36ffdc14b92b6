import type { AccountSummaryDto, LoginTwoFactorBody } from '@admitone/shared';
import { useState } from 'react';

import { isApiError } from '../../../lib/api-error';
import { applyFieldErrors } from '../../../lib/form-submit';
import { useLoginTwoFactor } from '../api/auth';
import { useFinishLogin } from '../hooks/useFinishLogin';
import { AccountChooser } from './AccountChooser';
import { TwoFactorCodeForm } from './TwoFactorCodeForm';

export interface TwoFactorLoginProps {
  /** The challenge the password's answer gave. */
  challenge: string;
  /** Where to go once signed in; the saved address (or the event list) when not given. */
  to?: string;
  /** The step's heading level: 2 inside a page that has its own title. */
  headingOrder?: 1 | 2;
  /** Back to the password. */
  onBack: () => void;
  /** The challenge ran out (too late, or too many wrong codes): the password is asked again, with this error. */
  onExpired: (error: unknown) => void;
}

/**
 * After a right password, for a person with two-factor sign-in: the code (or a recovery code), then, for a person in
 * several accounts, which one to open; then signed in like any login.
 */
export function TwoFactorLogin({ challenge, to, headingOrder, onBack, onExpired }: TwoFactorLoginProps) {
  const verify = useLoginTwoFactor();
  const finishLogin = useFinishLogin();
  const [choice, setChoice] = useState<{ challenge: string; accounts: AccountSummaryDto[] } | null>(null);
  const [error, setError] = useState<unknown>(null);

  const send = (body: LoginTwoFactorBody, setErrors?: (errors: Record<string, string>) => void) => {
    setError(null);
    verify.mutate(body, {
      onSuccess: (response) => {
        if (response.token) return finishLogin(to);
        if (response.two_factor?.verified && response.accounts.length > 1)
          setChoice({ challenge: response.two_factor.challenge, accounts: response.accounts });
        else setError(new Error('no account'));
      },
      onError: (e) => {
        if (isApiError(e) && e.code === 'TWO_FACTOR_CHALLENGE_EXPIRED') return onExpired(e);
        if (!setErrors || !applyFieldErrors(e, setErrors)) setError(e);
      },
    });
  };

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
  return (
    <TwoFactorCodeForm
      pending={verify.isPending}
      error={error}
      headingOrder={headingOrder}
      onSubmit={(factor, setErrors) => send({ challenge, ...factor }, setErrors)}
      onBack={onBack}
    />
  );
}
