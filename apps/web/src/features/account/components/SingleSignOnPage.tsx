import '@mantine/core/styles/Skeleton.css';

import type { SingleSignOnDto } from '@admitone/shared';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { Badge, Button, CopyButton, Divider, Group, Skeleton, Stack, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconCheck, IconCopy, IconTrash } from '@tabler/icons-react';
import { useState } from 'react';

import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { FormErrorAlert } from '../../../components/FormErrorAlert';
import { NoPermission } from '../../../components/NoPermission';
import { PageHeader } from '../../../components/PageHeader';
import { SettingsSection } from '../../../components/SettingsSection';
import { UnsavedChangesGuard } from '../../../components/UnsavedChangesGuard';
import { usePageTitle } from '../../../lib/use-page-title';
import { useMe } from '../../users/api/me';
import { hasPermission } from '../../users/hooks/usePermission';
import { useRemoveSingleSignOn, useSingleSignOn } from '../api/single-sign-on';
import { SingleSignOnForm } from './SingleSignOnForm';

/** Where the provider sends people back: the server's `redirect_uri`, known before the first save from this address. */
const redirectUriHere = () => `${window.location.origin}/auth/sso/callback`;

interface CopyFieldProps {
  label: string;
  description: string;
  value: string;
  /** The copy button's name for screen readers ("Copy the redirect URI"). */
  copyLabel: string;
  testId: string;
}

/** An address to copy elsewhere: read-only, selected on focus, with a copy button. */
function CopyField({ label, description, value, copyLabel, testId }: CopyFieldProps) {
  return (
    <Group gap="xs" align="flex-end" wrap="nowrap">
      <TextInput
        label={label}
        description={description}
        value={value}
        readOnly
        flex={1}
        miw={0}
        styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
        onFocus={(e) => e.currentTarget.select()}
        data-testid={testId}
      />
      <CopyButton value={value}>
        {({ copied, copy }) => (
          <Button
            variant={copied ? 'light' : 'default'}
            color={copied ? 'teal' : undefined}
            leftSection={copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />}
            aria-label={copyLabel}
            onClick={copy}
          >
            {copied ? <Trans>Copied</Trans> : <Trans>Copy</Trans>}
          </Button>
        )}
      </CopyButton>
    </Group>
  );
}

/** What an admin registers at the provider and shares with the team, how many use it, and removing it. */
function SignInLinks({ sso, onRemove }: { sso: SingleSignOnDto; onRemove: () => void }) {
  const { t } = useLingui();
  const members = sso.members;
  return (
    <SettingsSection
      title={<Trans>Sign-in links</Trans>}
      description={<Trans>One address for your identity provider, one for your team.</Trans>}
    >
      <Stack gap="lg">
        <CopyField
          label={t`Redirect URI`}
          description={t`Register this address at your identity provider as the app's redirect URI (also called callback or reply URL).`}
          value={sso.redirect_uri}
          copyLabel={t`Copy the redirect URI`}
          testId="sso-redirect-uri"
        />
        <CopyField
          label={t`Your team's sign-in link`}
          description={t`Share it with your team: it takes them straight to your identity provider. They can also choose "Sign in with single sign-on" on the login page and enter their work e-mail.`}
          value={sso.sign_in_url}
          copyLabel={t`Copy the sign-in link`}
          testId="sso-sign-in-link"
        />
        <Group gap="sm" wrap="wrap">
          {sso.enabled ? (
            <Badge color="teal.9" variant="filled">
              <Trans>On</Trans>
            </Badge>
          ) : (
            <Badge color="gray" variant="light">
              <Trans>Off</Trans>
            </Badge>
          )}
          <Text size="sm" data-testid="sso-members">
            <Plural
              value={members}
              _0="Nobody has signed in with it yet."
              one="# person has signed in with it."
              other="# people have signed in with it."
            />
          </Text>
        </Group>
        {sso.enabled ? null : (
          <Text size="sm" c="dimmed">
            <Trans>It is turned off: nobody can sign in with it until you turn it on again.</Trans>
          </Text>
        )}
        <Divider />
        <Group justify="space-between" gap="sm" wrap="wrap">
          <Text size="sm" c="dimmed" maw={460}>
            <Trans>Removing it sends everyone back to signing in with a password.</Trans>
          </Text>
          <Button variant="outline" color="red.9" leftSection={<IconTrash size={16} aria-hidden />} onClick={onRemove}>
            <Trans>Remove single sign-on</Trans>
          </Button>
        </Group>
      </Stack>
    </SettingsSection>
  );
}

function SingleSignOn({ accountId }: { accountId: number }) {
  const { t } = useLingui();
  const sso = useSingleSignOn(accountId);
  const remove = useRemoveSingleSignOn(accountId);
  const [confirming, setConfirming] = useState(false);
  // A new, empty form once it is removed (the saved values are gone).
  const [formKey, setFormKey] = useState(0);

  if (sso.isError) return <FormErrorAlert error={sso.error} />;
  if (sso.isPending) {
    return (
      <Stack gap="lg" role="status" aria-label={t`Loading single sign-on`}>
        <Skeleton h={220} radius="md" />
        <Skeleton h={360} radius="md" />
      </Stack>
    );
  }

  const saved = sso.data;
  const close = () => {
    setConfirming(false);
    remove.reset();
  };
  const confirmRemove = () =>
    remove.mutate(undefined, {
      onSuccess: () => {
        setConfirming(false);
        setFormKey((k) => k + 1);
        notifications.show({ color: 'teal', message: t`Single sign-on removed.` });
      },
    });

  return (
    <Stack gap="lg">
      {saved ? <SignInLinks sso={saved} onRemove={() => setConfirming(true)} /> : null}
      <SettingsSection
        title={<Trans>Identity provider</Trans>}
        description={
          <Trans>
            Register AdmitOne at your provider as a web application, then enter the issuer URL, client ID and client
            secret it gives you. People who have a password can keep using it.
          </Trans>
        }
      >
        <Stack gap="md">
          {saved ? null : (
            <>
              <CopyField
                label={t`Redirect URI`}
                description={t`Register this address at your identity provider as the app's redirect URI (also called callback or reply URL).`}
                value={redirectUriHere()}
                copyLabel={t`Copy the redirect URI`}
                testId="sso-redirect-uri"
              />
              <Divider />
            </>
          )}
          <SingleSignOnForm key={formKey} accountId={accountId} sso={saved} />
        </Stack>
      </SettingsSection>
      <ConfirmDialog
        opened={confirming}
        title={<Trans>Remove single sign-on?</Trans>}
        message={
          <Trans>
            Nobody can sign in through your identity provider any more, and the team's sign-in link stops working.
            People who joined through it and have no password can set one with "Forgot your password?" on the login
            page.
          </Trans>
        }
        confirmLabel={<Trans>Remove single sign-on</Trans>}
        danger
        loading={remove.isPending}
        error={remove.error}
        onConfirm={confirmRemove}
        onClose={close}
      />
    </Stack>
  );
}

/** `/account/single-sign-on`: the team signs in with the organization's OpenID Connect provider (admins). */
export function SingleSignOnPage() {
  const { t } = useLingui();
  usePageTitle(t`Single sign-on`);
  const me = useMe();
  if (!me.data || !hasPermission(me.data, 'account.manage')) return <NoPermission />;
  return (
    <UnsavedChangesGuard>
      <PageHeader
        title={<Trans>Single sign-on</Trans>}
        description={
          <Trans>
            Let your team sign in with your organization's identity provider through OpenID Connect: Microsoft Entra ID,
            Google Workspace, Okta, Keycloak and others.
          </Trans>
        }
      />
      <SingleSignOn accountId={me.data.account.id} />
    </UnsavedChangesGuard>
  );
}
