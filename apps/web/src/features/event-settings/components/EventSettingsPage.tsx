import { Trans, useLingui } from '@lingui/react/macro';
import { Skeleton, Stack } from '@mantine/core';
import { useEffect } from 'react';
import { useLocation } from 'react-router';

import { PageHeader } from '../../../components/PageHeader';
import { SettingsSection } from '../../../components/SettingsSection';
import { UnsavedChangesGuard } from '../../../components/UnsavedChangesGuard';
import { usePageTitle } from '../../../lib/use-page-title';
import { useRouteEvent } from '../../events/hooks/useRouteEvent';
import { EmailSettingsForm } from './EmailSettingsForm';
import { EventDetailsForm } from './EventDetailsForm';
import { LocationForm } from './LocationForm';
import { MiscSettingsForm } from './MiscSettingsForm';
import { PaymentSettingsForm } from './PaymentSettingsForm';
import { SelfServiceSettingsForm } from './SelfServiceSettingsForm';
import { SeoSettingsForm } from './SeoSettingsForm';
import { WaitlistSettingsForm } from './WaitlistSettingsForm';

/** `/manage/event/:eventId/settings`: eight sections, each saved on its own; leaving with unsaved edits asks first. */
export function EventSettingsPage() {
  const { t } = useLingui();
  usePageTitle(t`Event settings`);
  const { event, loading } = useRouteEvent();
  const { hash } = useLocation();
  const ready = Boolean(event) && !loading;
  // A link to one section (`settings#payments`): once the forms are there, bring it into view and put
  // the keyboard on its heading.
  useEffect(() => {
    if (!ready || !hash) return;
    const section = document.getElementById(decodeURIComponent(hash.slice(1)));
    section?.scrollIntoView({ block: 'start' });
    section?.querySelector<HTMLElement>('h2')?.focus({ preventScroll: true });
  }, [ready, hash]);

  return (
    <UnsavedChangesGuard>
      <Stack gap="lg">
        <PageHeader
          title={<Trans>Settings</Trans>}
          description={<Trans>Details, location, e-mails, search engines and checkout.</Trans>}
        />
        {loading || !event ? (
          <Stack gap="lg" role="status" aria-label={t`Loading event`}>
            <Skeleton h={360} />
            <Skeleton h={240} />
          </Stack>
        ) : (
          // Keyed by event: the forms start from the saved values and stay uncontrolled afterwards.
          <Stack gap="lg" key={event.id}>
            <SettingsSection title={<Trans>Event details</Trans>}>
              <EventDetailsForm event={event} />
            </SettingsSection>
            <SettingsSection
              title={<Trans>Location</Trans>}
              description={<Trans>Where the event takes place, or how to join online.</Trans>}
            >
              <LocationForm event={event} />
            </SettingsSection>
            <SettingsSection title={<Trans>E-mail and notifications</Trans>}>
              <EmailSettingsForm event={event} />
            </SettingsSection>
            <SettingsSection
              title={<Trans>SEO</Trans>}
              description={<Trans>How the event page appears in search engines.</Trans>}
            >
              <SeoSettingsForm event={event} />
            </SettingsSection>
            <SettingsSection
              anchor="payments"
              title={<Trans>Payments</Trans>}
              description={<Trans>How buyers can pay for their orders.</Trans>}
            >
              <PaymentSettingsForm event={event} />
            </SettingsSection>
            <SettingsSection
              title={<Trans>Buyer self-service</Trans>}
              description={<Trans>What buyers may change themselves from their order page.</Trans>}
            >
              <SelfServiceSettingsForm event={event} />
            </SettingsSection>
            <SettingsSection
              title={<Trans>Waitlist</Trans>}
              description={<Trans>How tickets that come back reach the people waiting for a sold-out ticket.</Trans>}
            >
              <WaitlistSettingsForm event={event} />
            </SettingsSection>
            <SettingsSection title={<Trans>Miscellaneous</Trans>}>
              <MiscSettingsForm event={event} />
            </SettingsSection>
          </Stack>
        )}
      </Stack>
    </UnsavedChangesGuard>
  );
}
