import { IMAGE_RULES } from '@admitone/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { Skeleton, Stack } from '@mantine/core';

import { PageHeader } from '../../../components/PageHeader';
import { SettingsSection } from '../../../components/SettingsSection';
import { UnsavedChangesGuard } from '../../../components/UnsavedChangesGuard';
import { usePageTitle } from '../../../lib/use-page-title';
import { eventKeys } from '../../events/api/events';
import { useRouteEvent } from '../../events/hooks/useRouteEvent';
import { ImageUpload } from '../../images/components/ImageUpload';
import { DesignForm } from './DesignForm';

/** `/manage/event/:eventId/homepage-designer`: cover image, cover display and colours with a live preview. */
export function HomepageDesignerPage() {
  const { t } = useLingui();
  usePageTitle(t`Homepage design`);
  const { event, loading } = useRouteEvent();
  const recommended = IMAGE_RULES.EVENT_COVER.recommended.replace('x', '×');

  return (
    <UnsavedChangesGuard>
      <Stack gap="lg">
        <PageHeader
          title={<Trans>Homepage design</Trans>}
          description={<Trans>How the public event page looks.</Trans>}
        />
        {loading || !event ? (
          <Stack gap="lg" role="status" aria-label={t`Loading event`}>
            <Skeleton h={240} />
            <Skeleton h={360} />
          </Stack>
        ) : (
          <DesignForm
            key={event.id}
            event={event}
            cover={
              <SettingsSection
                title={<Trans>Cover image</Trans>}
                description={<Trans>A wide picture at the top of the page; {recommended} pixels work best.</Trans>}
              >
                <ImageUpload
                  owner={{
                    kind: 'events',
                    id: event.id,
                    type: 'EVENT_COVER',
                    keys: [eventKeys.detail(event.id), eventKeys.lists()],
                  }}
                  image={event.cover_image}
                  inputLabel={t`Upload a cover image`}
                  alt={t`Cover image of the event`}
                  aspectRatio={2}
                />
              </SettingsSection>
            }
          />
        )}
      </Stack>
    </UnsavedChangesGuard>
  );
}
