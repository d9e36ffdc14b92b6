import { useLingui } from '@lingui/react/macro';
import { Loader } from '@mantine/core';
import { lazy, Suspense } from 'react';

import type { TwoFactorLoginProps } from './TwoFactorLogin';

// Only for people with two-factor sign-in, after their password: not part of the login page's first download.
const TwoFactorLogin = lazy(() => import('./TwoFactorLogin').then((m) => ({ default: m.TwoFactorLogin })));

/** The sign-in's second step (code, then the account where there are several), loaded when first needed. */
export function TwoFactorStep(props: TwoFactorLoginProps) {
  const { t } = useLingui();
  return (
    <Suspense fallback={<Loader mx="auto" display="block" role="progressbar" aria-label={t`Loading`} />}>
      <TwoFactorLogin {...props} />
    </Suspense>
  );
}
