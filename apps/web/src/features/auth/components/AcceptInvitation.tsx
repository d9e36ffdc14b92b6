import { Trans } from '@lingui/react/macro';
import { Alert, Anchor, Button, Stack } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';

import { FormErrorAlert } from '../../../components/FormErrorAlert';
import { SectionLoader } from '../../../components/FullPageLoader';
import { isApiError } from '../../../lib/api-error';
import { SignInLink } from '../../../lib/sign-in-navigation';
import { RoleLabel } from '../../users/components/RoleLabel';
import { invitationQueryOptions } from '../api/auth';
import { AcceptInvitationExistingUserForm } from './AcceptInvitationExistingUserForm';
import { AcceptInvitationNewUserForm } from './AcceptInvitationNewUserForm';
import { AuthHeading } from './AuthHeading';

/** The link itself is bad (expired, used, revoked), as opposed to a failed call. */
const isBadLink = (error: unknown) => isApiError(error) && (error.status === 400 || error.status === 404);

/** Checks an invitation link, then lets a new person sign up or an existing user join with their password. */
export function AcceptInvitation({ token }: { token: string }) {
  const invitation = useQuery(invitationQueryOptions(token));

  if (invitation.isPending) return <SectionLoader />;
  if (invitation.isError) {
    return (
      <>
        <AuthHeading title={<Trans>Accept invitation</Trans>} />
        <Stack gap="md">
          {isBadLink(invitation.error) ? (
            <Alert color="red" variant="light" icon={<IconAlertCircle size={18} aria-hidden />} role="alert">
              <Trans>The link you clicked is invalid.</Trans>{' '}
              <Trans>
                Invitations expire, and each can be used once. Ask the person who invited you for a new one.
              </Trans>
            </Alert>
          ) : (
            <FormErrorAlert error={invitation.error} />
          )}
          <Button component={SignInLink} to="/auth/login" fullWidth variant="light">
            <Trans>Go to login</Trans>
          </Button>
        </Stack>
      </>
    );
  }

  const { email, account_name: account, invited_by: inviter } = invitation.data;
  const role = invitation.data.role;
  return (
    <>
      <AuthHeading
        title={<Trans>Join {account}</Trans>}
        description={
          inviter ? (
            <Trans>
              {inviter} invited you to {account} as <RoleLabel role={role} />.
            </Trans>
          ) : (
            <Trans>
              You were invited to {account} as <RoleLabel role={role} />.
            </Trans>
          )
        }
      />
      {invitation.data.existing_user ? (
        <AcceptInvitationExistingUserForm token={token} email={email} account={account} />
      ) : (
        <AcceptInvitationNewUserForm token={token} invitation={invitation.data} />
      )}
      <Anchor component={SignInLink} to="/auth/login" size="sm" ta="center" display="block" mt="md">
        <Trans>Back to login</Trans>
      </Anchor>
    </>
  );
}
