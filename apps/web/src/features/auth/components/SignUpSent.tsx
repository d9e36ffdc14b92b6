import { Trans } from '@lingui/react/macro';
import { Alert, Anchor, Button, Stack, Text } from '@mantine/core';
import { IconArrowLeft, IconMailCheck } from '@tabler/icons-react';

import { FormErrorAlert } from '../../../components/FormErrorAlert';
import { SignInLink } from '../../../lib/sign-in-navigation';
import { AuthHeading } from './AuthHeading';

interface SignUpSentProps {
  email: string;
  /** Sending again is under way. */
  resending: boolean;
  /** The link went out again (announced once it did). */
  resent: boolean;
  error: unknown;
  onResend: () => void;
  onChangeAddress: () => void;
}

/**
 * After the sign-up form: the link is on its way. The same screen whether or not the address already
 * has a login (that person's mail says so instead), so it tells nobody which.
 */
export function SignUpSent({ email, resending, resent, error, onResend, onChangeAddress }: SignUpSentProps) {
  return (
    <>
      <AuthHeading title={<Trans>Check your inbox</Trans>} />
      <Stack gap="md">
        <Alert color="violet" variant="light" icon={<IconMailCheck size={18} aria-hidden />} role="status">
          <Trans>
            We have sent a link to <strong>{email}</strong>. Open it to finish signing up: your account is created then.
            The link is valid for 24 hours.
          </Trans>
        </Alert>
        <Text size="sm" c="dimmed">
          <Trans>No e-mail after a few minutes? Check your spam folder, or send the link again.</Trans>
        </Text>
        <FormErrorAlert error={error} />
        <Text size="sm" role="status" c="teal.9">
          {resent ? <Trans>We have sent the link again.</Trans> : null}
        </Text>
        <Button variant="light" fullWidth onClick={onResend} loading={resending}>
          <Trans>Send the link again</Trans>
        </Button>
        <Anchor component="button" type="button" size="sm" onClick={onChangeAddress}>
          <Trans>Use another e-mail address</Trans>
        </Anchor>
        <Anchor component={SignInLink} to="/auth/login" size="sm">
          <IconArrowLeft size={14} aria-hidden style={{ verticalAlign: 'middle', marginInlineEnd: 4 }} />
          <Trans>Back to login</Trans>
        </Anchor>
      </Stack>
    </>
  );
}
