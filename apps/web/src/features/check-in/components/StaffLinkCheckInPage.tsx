import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Box, Container, Group, Text } from '@mantine/core';
import { IconLinkOff } from '@tabler/icons-react';
import { useMemo } from 'react';
import { useParams } from 'react-router';

import { FormErrorAlert } from '../../../components/FormErrorAlert';
import { SectionLoader } from '../../../components/FullPageLoader';
import { Logo } from '../../../components/Logo';
import { PageHeader } from '../../../components/PageHeader';
import { isApiError } from '../../../lib/api-error';
import { usePageTitle } from '../../../lib/use-page-title';
import { useListName } from '../../check-in-lists/list-name';
import { LanguagePicker } from '../../locale/components/LanguagePicker';
import { staffLinkEndpoints, useStaffLink } from '../api/check-in';
import type { CheckInSource } from '../check-in-source';
import { CheckIn } from './CheckIn';
import { ListStateAlert } from './ListCheckIn';

/** Said when a staff link was revoked or replaced, before or while the screen is open. */
function LinkStopped() {
  return (
    <Alert
      color="red"
      variant="light"
      icon={<IconLinkOff size={20} aria-hidden />}
      title={<Trans>This check-in link no longer works</Trans>}
      mb="md"
      data-testid="staff-link-stopped"
    >
      <Trans>
        The organizer revoked it or made a new one. Scans made with it are refused. Ask the organizer for the current
        link.
      </Trans>
    </Alert>
  );
}

/**
 * `/check-in/:token`: a volunteer's check-in screen opened with a list's staff link, without an account.
 * It shows that list's attendees (names and tickets) and nothing else of the event; when the link is
 * revoked it says so, also over a screen already open (queued scans then show as refused).
 */
export function StaffLinkCheckInPage() {
  const { t } = useLingui();
  const token = useParams().token ?? '';
  const link = useStaffLink(token);
  const nameOf = useListName();
  const listId = link.data?.list.id;
  const source = useMemo<CheckInSource | null>(
    () =>
      listId === undefined
        ? null
        : {
            key: ['check-in-link', token, 'check-in'],
            queueKey: `link.${token}`,
            endpoints: staffLinkEndpoints(token),
            managesOrders: false,
            searchesEmails: false,
            related: [['check-in-link', token]],
          },
    [token, listId],
  );
  const data = link.data;
  const listName = data ? nameOf(data.list) : '';
  usePageTitle(data ? t`Check-in: ${listName}` : t`Check-in`);
  const stopped = isApiError(link.error) && link.error.code === 'STAFF_LINK_INVALID';

  return (
    <Box mih="100vh" bg="gray.0" pb="xl">
      {/* One line on a phone too: the mark with its name, the language beside it. */}
      <Group justify="space-between" p="md" gap="sm" wrap="nowrap" component="header">
        <Logo size={32} withName />
        <LanguagePicker />
      </Group>
      <Container size="lg" component="main">
        {link.isPending ? (
          <SectionLoader />
        ) : !data || !source ? (
          <>
            <PageHeader title={<Trans>Check-in</Trans>} />
            {stopped ? <LinkStopped /> : <FormErrorAlert error={link.error} />}
          </>
        ) : (
          <CheckIn
            event={data.event}
            source={source}
            title={listName}
            above={
              <>
                <Text c="dimmed" mt={-8} mb="md">
                  {data.event.title}
                  {data.list.description ? ` · ${data.list.description}` : ''}
                </Text>
                {stopped ? <LinkStopped /> : null}
                <ListStateAlert list={data.list} timeZone={data.event.timezone} />
              </>
            }
          />
        )}
      </Container>
    </Box>
  );
}
