import '@mantine/core/styles/Grid.css';
import '@mantine/core/styles/Skeleton.css';

import { Trans, useLingui } from '@lingui/react/macro';
import { Anchor, Container, Grid, Skeleton, Stack } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import { useEffect } from 'react';
import { Link, useLocation, useParams } from 'react-router';

import { PageHeader } from '../../../components/PageHeader';
import { SettingsSection } from '../../../components/SettingsSection';
import { ApiError, hasStatus } from '../../../lib/api-error';
import { usePageTitle } from '../../../lib/use-page-title';
import { ImageUpload } from '../../images/components/ImageUpload';
import { OrganizerSeatingPlans } from '../../seating/components/OrganizerSeatingPlans';
import { organizerKeys, useOrganizer } from '../api/organizers';
import { OrganizerDetailsForm } from './OrganizerDetailsForm';
import { OrganizerEvents } from './OrganizerEvents';
import { OrganizerInvoiceSettings } from './OrganizerInvoiceSettings';

/** The organizer named by `:organizerId`; unknown ids go to the route's not-found screen. */
function useRouteOrganizer() {
  const { organizerId } = useParams();
  const id = Number(organizerId);
  const valid = Number.isInteger(id) && id > 0;
  const query = useOrganizer(id, valid);
  if (!valid) throw new ApiError(404, 'NOT_FOUND', '');
  if (query.isError && !hasStatus(query.error, 401) && !hasStatus(query.error, 403)) throw query.error;
  return { id, organizer: query.data };
}

/** `/manage/organizer/:organizerId`: details, logo, invoice settings, the organizer's events and seating plans. */
export function OrganizerPage() {
  const { t } = useLingui();
  const { id, organizer } = useRouteOrganizer();
  usePageTitle(organizer?.name ?? t`Organizer`);
  const name = organizer?.name ?? '';
  const { hash } = useLocation();
  const ready = Boolean(organizer);
  // A link to one section (`#invoices`, from an event's payment settings): once the page is there, bring it into
  // view and put the keyboard on its heading.
  useEffect(() => {
    if (!ready || !hash) return;
    const section = document.getElementById(decodeURIComponent(hash.slice(1)));
    section?.scrollIntoView({ block: 'start' });
    section?.querySelector<HTMLElement>('h2')?.focus({ preventScroll: true });
  }, [ready, hash]);

  return (
    <Container size="lg" py="xl">
      <Anchor
        component={Link}
        to="/manage/events"
        size="sm"
        c="dimmed"
        style={{ display: 'inline-flex', alignItems: 'center', gap: 4 }}
        mb="sm"
      >
        <IconArrowLeft size={14} aria-hidden />
        <Trans>All events</Trans>
      </Anchor>
      {organizer ? (
        <PageHeader title={organizer.name} description={<Trans>Organizer</Trans>} />
      ) : (
        <Skeleton h={36} w="40%" mb="lg" />
      )}
      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 8 }}>
          <SettingsSection title={<Trans>Details</Trans>}>
            {organizer ? (
              <OrganizerDetailsForm key={organizer.id} organizer={organizer} />
            ) : (
              <Skeleton h={320} role="status" aria-label={t`Loading organizer`} />
            )}
          </SettingsSection>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 4 }}>
          <SettingsSection
            title={<Trans>Logo</Trans>}
            description={<Trans>Shown beside the organizer's name on event pages.</Trans>}
          >
            {organizer ? (
              <ImageUpload
                owner={{ kind: 'organizers', id, type: 'ORGANIZER_LOGO', keys: [organizerKeys.all] }}
                image={organizer.logo}
                inputLabel={t`Upload a logo`}
                alt={t`Logo of ${name}`}
                aspectRatio={1}
                maxPreviewWidth={160}
              />
            ) : (
              <Skeleton h={160} />
            )}
          </SettingsSection>
        </Grid.Col>
      </Grid>
      <Stack mt="lg">
        <SettingsSection
          anchor="invoices"
          title={<Trans>Invoices</Trans>}
          description={
            <Trans>
              Invoices of this organizer's events are issued in this name, numbered without gaps. Each event chooses
              whether its orders get one.
            </Trans>
          }
        >
          <OrganizerInvoiceSettings organizerId={id} />
        </SettingsSection>
        <SettingsSection title={<Trans>Events</Trans>}>
          <OrganizerEvents organizerId={id} />
        </SettingsSection>
        <SettingsSection
          title={<Trans>Seating plans</Trans>}
          description={
            <Trans>Drawings of this organizer's venues, seat by seat, for events with reserved seating.</Trans>
          }
        >
          <OrganizerSeatingPlans organizerId={id} />
        </SettingsSection>
      </Stack>
    </Container>
  );
}
