import { formatDate, type PublicPassDto } from '@admitone/shared';
import { Plural, Trans, useLingui } from '@lingui/react/macro';
import { Text } from '@mantine/core';

/**
 * What a pass covers, under its name: how many dates it admits on (each once) and from when to when, in the event's
 * time zone, or how many of them its holder picks after buying; and, when it is priced by the dates that remain,
 * that its price is already that share.
 */
export function PassNote({ pass, timeZone }: { pass: PublicPassDto; timeZone: string }) {
  const { i18n } = useLingui();
  const first = formatDate(pass.first_start, timeZone, i18n.locale);
  const last = formatDate(pass.last_start, timeZone, i18n.locale);
  return (
    <Text size="sm" c="dimmed" data-testid="pass-note">
      {pass.picks ? (
        <Plural
          value={pass.picks}
          one={`Pass for any # of ${pass.date_count} dates (${first} to ${last}), picked after buying`}
          other={`Pass for any # of ${pass.date_count} dates (${first} to ${last}), picked after buying`}
        />
      ) : pass.date_count === 1 ? (
        <Trans>Pass for one date: {first}</Trans>
      ) : (
        <Plural
          value={pass.date_count}
          one={`Pass: admits once on each of # dates, ${first} to ${last}`}
          other={`Pass: admits once on each of # dates, ${first} to ${last}`}
        />
      )}
      {pass.prorated ? (
        <>
          {' '}
          <Trans>Priced for the dates still ahead.</Trans>
        </>
      ) : null}
    </Text>
  );
}
