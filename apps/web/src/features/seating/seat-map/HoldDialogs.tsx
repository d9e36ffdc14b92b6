import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/SegmentedControl.css';

import type { SeatHoldDto, SeatHoldKind } from '@admitone/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Autocomplete, Checkbox, List, SegmentedControl, Stack, Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconAlertCircle } from '@tabler/icons-react';
import { useId, useState } from 'react';

import { AppModal } from '../../../components/AppModal';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { FormActions, FormStack } from '../../../components/FormActions';
import { isApiError } from '../../../lib/api-error';
import { useReleaseSeatHold, useSaveSeatHold } from '../api/seat-map';

/** The seats a save was refused for (`seats.{i}` of the body) with the API's own, translated, words. */
export function refusedSeats(error: unknown, seats: readonly number[]): { ids: number[]; messages: string[] } {
  if (!isApiError(error)) return { ids: [], messages: [] };
  const ids: number[] = [];
  const messages: string[] = [];
  for (const [field, texts] of Object.entries(error.fieldErrors)) {
    const match = /^seats\.(\d+)$/.exec(field);
    if (match && seats[Number(match[1])] !== undefined) ids.push(seats[Number(match[1])]!);
    if (match || field === 'seats') messages.push(...texts);
  }
  return { ids, messages };
}

interface HoldFormProps {
  eventId: number;
  /** The hold changed; none: a new one of `kind` on `chosen`. */
  hold: SeatHoldDto | null;
  kind: SeatHoldKind;
  /** The seats chosen on the map. */
  chosen: number[];
  onClose: () => void;
  /** The seats the API refused, to mark on the map (empty: none). */
  onRefused: (ids: number[]) => void;
  onSaved: () => void;
}

function HoldForm({ eventId, hold, kind, chosen, onClose, onRefused, onSaved }: HoldFormProps) {
  const { t } = useLingui();
  const save = useSaveSeatHold(eventId);
  const kindId = useId();
  const [problems, setProblems] = useState<string[]>([]);
  const [other, setOther] = useState<unknown>(null);
  const form = useForm({
    initialValues: { name: hold?.name ?? '', kind: hold?.kind ?? kind, replace: false },
    validate: { name: (v) => (v.trim() ? null : t`Name the hold.`) },
  });
  const count = chosen.length;
  const total = hold?.seats.length ?? 0;
  const submit = (values: typeof form.values) => {
    const seats = hold && !values.replace ? hold.seats : chosen;
    setProblems([]);
    setOther(null);
    onRefused([]);
    save.mutate(
      { holdId: hold?.id, body: { name: values.name.trim(), kind: values.kind, seats } },
      {
        onSuccess: (saved) => {
          const name = saved.name;
          notifications.show({
            color: 'teal',
            message: hold
              ? t`“${name}” saved.`
              : saved.kind === 'KILL'
                ? t`Seats killed: they are never sold.`
                : t`Seats held for “${name}”.`,
          });
          onSaved();
        },
        onError: (e) => {
          const refused = refusedSeats(e, seats);
          if (isApiError(e) && e.fieldErrors.name?.length) form.setErrors({ name: e.fieldErrors.name.join(' ') });
          if (refused.messages.length) {
            setProblems(refused.messages);
            onRefused(refused.ids);
          } else if (!(isApiError(e) && e.fieldErrors.name?.length)) setOther(e);
        },
      },
    );
  };
  const suggestions = [t`House`, t`Press`, t`Sponsor`];
  return (
    <FormStack onSubmit={form.onSubmit(submit)} error={other}>
      {problems.length ? (
        <Alert color="red" variant="light" icon={<IconAlertCircle size={18} aria-hidden />} role="alert">
          <Stack gap={4}>
            <Text size="sm" fw={600}>
              <Trans>These seats cannot be kept off sale:</Trans>
            </Text>
            <List size="sm" data-testid="refused-seats">
              {problems.map((p) => (
                <List.Item key={p}>{p}</List.Item>
              ))}
            </List>
          </Stack>
        </Alert>
      ) : null}
      {hold ? null : (
        <Text size="sm">
          {kind === 'KILL' ? (
            <Trans>Killed seats are never sold, on any date. The chosen seats: {count}.</Trans>
          ) : (
            <Trans>Held seats stay off sale on every date until the hold is released. The chosen seats: {count}.</Trans>
          )}
        </Text>
      )}
      <Autocomplete
        label={t`Name`}
        description={t`Who the seats are kept for, e.g. House, Press or Sponsor.`}
        data={suggestions}
        required
        data-autofocus
        {...form.getInputProps('name')}
      />
      {hold ? (
        <>
          <Stack gap={4}>
            <Text size="sm" fw={500} id={kindId}>
              <Trans>Kind</Trans>
            </Text>
            <SegmentedControl
              aria-labelledby={kindId}
              data={[
                { value: 'HOLD', label: t`Held` },
                { value: 'KILL', label: t`Killed` },
              ]}
              {...form.getInputProps('kind')}
            />
          </Stack>
          <Checkbox
            label={t`Use the ${count} seats chosen on the map instead of its ${total} seats`}
            disabled={!count}
            {...form.getInputProps('replace', { type: 'checkbox' })}
          />
        </>
      ) : null}
      <FormActions onCancel={onClose} loading={save.isPending} danger={!hold && kind === 'KILL'}>
        {hold ? <Trans>Save</Trans> : kind === 'KILL' ? <Trans>Kill seats</Trans> : <Trans>Hold seats</Trans>}
      </FormActions>
    </FormStack>
  );
}

export type HoldDialogState = { hold: SeatHoldDto | null; kind: SeatHoldKind } | null;

/** "Hold seats" / "Kill seats" for the chosen seats, or a hold's name, kind and seats changed. */
export function HoldDialog({ state, ...props }: Omit<HoldFormProps, 'hold' | 'kind'> & { state: HoldDialogState }) {
  const { t } = useLingui();
  const title = state?.hold ? t`Edit hold` : state?.kind === 'KILL' ? t`Kill seats` : t`Hold seats`;
  return (
    <AppModal opened={!!state} onClose={props.onClose} title={title}>
      {state ? <HoldForm {...props} hold={state.hold} kind={state.kind} /> : null}
    </AppModal>
  );
}

/** "Release": asks first, then gives the hold's seats back to sale. */
export function ReleaseDialog({
  eventId,
  hold,
  onClose,
}: {
  eventId: number;
  hold: SeatHoldDto | null;
  onClose: () => void;
}) {
  const { t } = useLingui();
  const release = useReleaseSeatHold(eventId);
  const name = hold?.name ?? '';
  const count = hold?.seats.length ?? 0;
  return (
    <ConfirmDialog
      opened={!!hold}
      title={<Trans>Release hold</Trans>}
      message={
        hold?.kind === 'KILL' ? (
          <Trans>
            Release “{name}”? Its {count} killed seats go on sale again.
          </Trans>
        ) : (
          <Trans>
            Release “{name}”? Its {count} seats go on sale again.
          </Trans>
        )
      }
      confirmLabel={<Trans>Release</Trans>}
      danger
      loading={release.isPending}
      error={release.error}
      onConfirm={() =>
        release.mutate(hold!.id, {
          onSuccess: () => {
            notifications.show({ color: 'teal', message: t`“${name}” released: its seats are on sale again.` });
            onClose();
          },
        })
      }
      onClose={() => {
        release.reset();
        onClose();
      }}
    />
  );
}
