import { Trans } from '@lingui/react/macro';
import { Anchor } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';

import { SignInLink } from '../../../lib/sign-in-navigation';

/** "Back to login", under a sign-in screen that ends without a session (a single sign-on that did not work). */
export function BackToLogin() {
  return (
    <Anchor component={SignInLink} to="/auth/login" size="sm">
      <IconArrowLeft size={14} aria-hidden style={{ verticalAlign: 'middle', marginInlineEnd: 4 }} />
      <Trans>Back to login</Trans>
    </Anchor>
  );
}
