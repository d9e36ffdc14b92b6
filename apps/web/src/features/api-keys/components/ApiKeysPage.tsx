import type { ApiKeyDto, CreatedApiKeyDto } from '@admitone/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { Anchor, Button, Stack, Text } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconKey, IconPlus } from '@tabler/icons-react';
import { useMemo, useState } from 'react';

import { AppModal } from '../../../components/AppModal';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { ListBody } from '../../../components/ListBody';
import { ListEmptyState } from '../../../components/ListEmptyState';
import { NoPermission } from '../../../components/NoPermission';
import { PageHeader } from '../../../components/PageHeader';
import { browserTimeZone } from '../../../lib/format';
import { useLastValue } from '../../../lib/use-last-value';
import { usePageTitle } from '../../../lib/use-page-title';
import { useAccount } from '../../account/api/account';
import { useCheckInEvents } from '../../check-in/api/check-in';
import { useMe } from '../../users/api/me';
import { hasPermission } from '../../users/hooks/usePermission';
import { useApiKeys, useRevokeApiKey } from '../api/api-keys';
import { ApiKeysTable, KeysSummary } from './ApiKeysTable';
import { CreateApiKeyForm } from './CreateApiKeyForm';
import { NewKeySecret } from './NewKeySecret';

/** The API version the account's calls get without an `AdmitOne-Version` header. */
function PinnedVersion({ accountId }: { accountId: number }) {
  const account = useAccount(accountId);
  const version = account.data?.api_version;
  if (!version) return null;
  return (
    <Text size="sm" c="dimmed" data-testid="api-version">
      <Trans>
        API version of this account: <strong>{version}</strong>. Calls without an AdmitOne-Version header are answered
        as this version, so a newer version never changes what your systems get until you choose it.
      </Trans>
    </Text>
  );
}

function ApiKeys({ timeZone, accountId }: { timeZone: string; accountId: number }) {
  const { t } = useLingui();
  const keys = useApiKeys();
  const events = useCheckInEvents();
  const revoke = useRevokeApiKey();
  const [creating, setCreating] = useState(false);
  const [created, setCreated] = useState<CreatedApiKeyDto | null>(null);
  const [revoking, setRevoking] = useState<ApiKeyDto | null>(null);
  const shownRevoking = useLastValue(revoking);
  const eventTitles = useMemo(() => new Map((events.data ?? []).map((e) => [e.id, e.title])), [events.data]);
  const create = (
    <Button leftSection={<IconPlus size={18} aria-hidden />} onClick={() => setCreating(true)}>
      <Trans>Create API key</Trans>
    </Button>
  );

  const confirmRevoke = () => {
    if (!revoking) return;
    const name = revoking.name;
    revoke.mutate(revoking.id, {
      onSuccess: () => {
        notifications.show({
          color: 'teal',
          title: t`Key revoked`,
          message: t`Calls with “${name}” are refused from now on.`,
        });
        setRevoking(null);
      },
    });
  };

  return (
    <>
      <PageHeader
        title={<Trans>API keys</Trans>}
        description={
          <Trans>
            Connect other systems (CRM, newsletter, accounting, door systems) to this account. A key acts as the person
            who created it, within the access you give it. See the{' '}
            <Anchor href="/api/docs" underline="always">
              API reference
            </Anchor>
            .
          </Trans>
        }
        actions={create}
      />
      <PinnedVersion accountId={accountId} />
      <ListBody
        queries={[keys]}
        empty={(list) =>
          !list.length && (
            <ListEmptyState
              icon={IconKey}
              title={t`No API keys yet`}
              description={t`Create a key for each system you connect, so you can revoke one without touching the others.`}
            >
              {create}
            </ListEmptyState>
          )
        }
      >
        {(list) => (
          <Stack gap="xs">
            <KeysSummary keys={list} />
            <ApiKeysTable keys={list} eventTitles={eventTitles} timeZone={timeZone} onRevoke={setRevoking} />
          </Stack>
        )}
      </ListBody>
      <AppModal opened={creating} onClose={() => setCreating(false)} title={<Trans>Create API key</Trans>}>
        <CreateApiKeyForm
          onCancel={() => setCreating(false)}
          onCreated={(key) => {
            setCreating(false);
            setCreated(key);
          }}
        />
      </AppModal>
      <AppModal
        opened={created !== null}
        onClose={() => setCreated(null)}
        title={<Trans>Your new API key</Trans>}
        size="lg"
      >
        {created ? <NewKeySecret created={created} onDone={() => setCreated(null)} /> : null}
      </AppModal>
      <ConfirmDialog
        opened={revoking !== null}
        title={<Trans>Revoke API key?</Trans>}
        message={
          <Text span>
            <Trans>
              Every call with “{shownRevoking?.name}” is refused from now on. Systems using it stop working until they
              get a new key. This cannot be undone.
            </Trans>
          </Text>
        }
        confirmLabel={<Trans>Revoke key</Trans>}
        danger
        loading={revoke.isPending}
        error={revoke.error}
        onConfirm={confirmRevoke}
        onClose={() => setRevoking(null)}
      />
    </>
  );
}

/** `/account/api-keys`: the account's API keys (admins). */
export function ApiKeysPage() {
  const { t } = useLingui();
  usePageTitle(t`API keys`);
  const me = useMe();
  if (!me.data || !hasPermission(me.data, 'api_keys.manage')) return <NoPermission />;
  return <ApiKeys timeZone={me.data.user.timezone ?? browserTimeZone()} accountId={me.data.account.id} />;
}
