import { formatDateTime, RESET_SUGGEST_REVOKE_DAYS, type ResetApiKeyDto } from '@admitone/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { Checkbox, Fieldset, Stack, Text } from '@mantine/core';

import { browserTimeZone } from '../../../lib/format';

/** The keys suggested for revoking on a reset: the ones made lately (maybe by whoever had the password). */
export const suggestedRevokes = (keys: readonly ResetApiKeyDto[]) =>
  keys.filter((k) => k.made_recently).map((k) => k.id);

/**
 * On the reset form: the API keys the person made that still work (a key outlives the password and every
 * session), each with a box to revoke it in the same step. Nothing shows for a person without keys.
 */
export function ResetApiKeysChoice({
  keys,
  value,
  onChange,
}: {
  keys: readonly ResetApiKeyDto[];
  value: readonly number[];
  onChange: (ids: number[]) => void;
}) {
  const { t, i18n } = useLingui();
  if (!keys.length) return null;
  const timeZone = browserTimeZone();
  const when = (iso: string) => formatDateTime(iso, timeZone, i18n.locale);
  const days = RESET_SUGGEST_REVOKE_DAYS;
  const toggle = (id: number, on: boolean) => onChange(on ? [...value, id] : value.filter((v) => v !== id));
  return (
    <Fieldset legend={t`Your API keys`} variant="filled">
      <Stack gap="sm">
        <Text size="sm" c="dimmed">
          <Trans>
            These keys keep working after the password changes. If someone else may have known your password, revoke the
            keys you do not recognise. Keys made in the last {days} days are selected.
          </Trans>
        </Text>
        {keys.map((k) => {
          const name = k.name;
          const account = k.account.name;
          const prefix = k.prefix;
          const made = when(k.created_at);
          const used = k.last_used_at ? when(k.last_used_at) : t`Not used yet`;
          return (
            <Checkbox
              key={k.id}
              checked={value.includes(k.id)}
              onChange={(e) => toggle(k.id, e.currentTarget.checked)}
              label={t`Revoke “${name}” (${prefix}…)`}
              description={t`${account} · made ${made} · last used: ${used}`}
            />
          );
        })}
      </Stack>
    </Fieldset>
  );
}
