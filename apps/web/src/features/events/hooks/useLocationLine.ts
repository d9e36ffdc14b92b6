import type { EventDto } from '@admitone/shared';
import { intlLocale } from '@admitone/shared';
import { useLingui } from '@lingui/react/macro';

/** Where the event takes place, in one line: "Online event", or venue, city and country ('' if unset). */
export function useLocationLine(event: EventDto): string {
  const { t, i18n } = useLingui();
  if (event.is_online) return t`Online event`;
  const { venue_name, city, country } = event.location;
  let countryName: string | null = null;
  if (country) {
    try {
      countryName = new Intl.DisplayNames([intlLocale(i18n.locale), 'en'], { type: 'region' }).of(country) ?? country;
    } catch {
      countryName = country;
    }
  }
  return [venue_name, city, countryName].filter(Boolean).join(', ');
}
