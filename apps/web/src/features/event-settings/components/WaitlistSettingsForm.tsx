import '@mantine/core/styles/NumberInput.css';
import '@mantine/core/styles/Radio.css';

import {
  type EventDto,
  type UpdateEventSettingsBody,
  updateEventSettingsBody,
  WAITLIST_OFFER_HOURS_MAX,
  type WaitlistOfferMode,
} from '@admitone/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { NumberInput, Radio, Stack, Text } from '@mantine/core';

import { FormErrorAlert } from '../../../components/FormErrorAlert';
import { useUpdateEventSettings } from '../../events/api/events';
import { useSectionForm } from '../hooks/useSectionForm';
import { SectionActions } from './SectionActions';

export interface WaitlistSettingsValues {
  waitlist_offer_mode: WaitlistOfferMode;
  waitlist_offer_hours: number | string;
}

/** The body for the section; an emptied hours field is sent as null so it reads "required". */
export const waitlistSettingsBody = (v: WaitlistSettingsValues): UpdateEventSettingsBody => ({
  waitlist_offer_mode: v.waitlist_offer_mode,
  waitlist_offer_hours:
    typeof v.waitlist_offer_hours === 'number' ? v.waitlist_offer_hours : (null as unknown as number),
});

/**
 * How tickets that come back reach the people on a waitlist: offers sent by themselves or by hand, and how long an
 * offer holds them.
 */
export function WaitlistSettingsForm({ event }: { event: EventDto }) {
  const { t } = useLingui();
  const s = event.settings;
  const maxHours = WAITLIST_OFFER_HOURS_MAX;
  const { form, error, onSubmit, saving, dirty } = useSectionForm(
    updateEventSettingsBody,
    useUpdateEventSettings(event.id),
    { waitlist_offer_mode: s.waitlist_offer_mode, waitlist_offer_hours: s.waitlist_offer_hours },
    waitlistSettingsBody,
    t`Waitlist settings saved.`,
  );

  return (
    <form onSubmit={onSubmit} noValidate>
      <Stack gap="xl">
        <FormErrorAlert error={error} />
        <Radio.Group label={t`Offers`} {...form.getInputProps('waitlist_offer_mode')}>
          <Stack gap="sm" mt={6}>
            <Radio
              value="AUTOMATIC"
              label={t`Automatic`}
              description={t`Offers go out by themselves when tickets come back.`}
            />
            <Radio value="MANUAL" label={t`Manual`} description={t`You send offers from the waitlist screen.`} />
          </Stack>
        </Radio.Group>
        <Stack gap="sm">
          <NumberInput
            label={t`Offers are held for (hours)`}
            description={t`From 1 to ${maxHours} hours.`}
            min={1}
            max={WAITLIST_OFFER_HOURS_MAX}
            allowDecimal={false}
            allowNegative={false}
            required
            maw={320}
            {...form.getInputProps('waitlist_offer_hours')}
          />
          <Text size="sm" c="dimmed">
            <Trans>
              The person receives a link to check out, and the tickets are kept for them until the offer runs out.
            </Trans>
          </Text>
        </Stack>
        <SectionActions saving={saving} dirty={dirty}>
          <Trans>Save waitlist settings</Trans>
        </SectionActions>
      </Stack>
    </form>
  );
}
