import type { SeatingLayout, SeatingLayoutInput, SeatingPlanDetailDto } from '@admitone/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { Text, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';
import { useId } from '@mantine/hooks';
import { notifications } from '@mantine/notifications';
import { IconFileImport } from '@tabler/icons-react';
import { useState } from 'react';

import { AppModal } from '../../../components/AppModal';
import { ChooseFile, FileDrop } from '../../../components/FileDrop';
import { FormActions, FormStack } from '../../../components/FormActions';
import { isApiError } from '../../../lib/api-error';
import { useFormError } from '../../../lib/form-submit';
import { useSchemaValidation } from '../../../lib/validation';
import { useCreateSeatingPlan, useImportSeatingPlan } from '../api/seating';
import { planNameBody, type PretixFileProblem, readPretixFile } from '../seating-layout';
import { PlanProblems } from './PlanProblems';

interface PlanDialogProps {
  organizerId: number;
  opened: boolean;
  onClose: () => void;
  /** The plan made: the screen opens it. */
  onDone: (plan: SeatingPlanDetailDto) => void;
}

function NewPlanForm({ organizerId, onClose, onDone }: Omit<PlanDialogProps, 'opened'>) {
  const { t } = useLingui();
  const create = useCreateSeatingPlan(organizerId);
  const validate = useSchemaValidation<{ name: string }>(planNameBody);
  const form = useForm({ initialValues: { name: '' }, validate });
  const formError = useFormError(form.setErrors);
  const submit = ({ name }: { name: string }) =>
    create.mutate(
      name,
      formError.handle((plan) => {
        const made = plan.name;
        notifications.show({ color: 'teal', message: t`Seating plan ${made} created.` });
        onDone(plan);
      }),
    );
  return (
    <FormStack onSubmit={form.onSubmit(submit)} error={formError.error}>
      <TextInput
        label={t`Name`}
        description={t`For example the venue or the room: “Town theatre, main hall”.`}
        required
        data-autofocus
        {...form.getInputProps('name')}
      />
      <FormActions onCancel={onClose} loading={create.isPending}>
        <Trans>Create plan</Trans>
      </FormActions>
    </FormStack>
  );
}

/** "New plan": a name; the plan starts empty. */
export function NewPlanDialog({ opened, ...props }: PlanDialogProps) {
  return (
    <AppModal opened={opened} onClose={props.onClose} title={<Trans>New seating plan</Trans>}>
      <NewPlanForm {...props} />
    </AppModal>
  );
}

interface ChosenFile {
  name: string;
  pretix: Record<string, unknown>;
}

function ImportPlanForm({ organizerId, onClose, onDone }: Omit<PlanDialogProps, 'opened'>) {
  const { t } = useLingui();
  const hintId = useId();
  const errorId = useId();
  const importPlan = useImportSeatingPlan(organizerId);
  const [chosen, setChosen] = useState<ChosenFile | null>(null);
  const [fileError, setFileError] = useState<string | null>(null);
  const [callError, setCallError] = useState<unknown>(null);
  const form = useForm({ initialValues: { name: '' } });
  const problems: Record<PretixFileProblem, string> = {
    'too-large': t`The file is larger than 8 MB. Choose a seating plan file exported from pretix.`,
    'not-json': t`This file is not JSON. Choose a seating plan file (.json) exported from pretix.`,
    'not-a-plan': t`This JSON file is not a seating plan: it has no zones. Choose a seating plan file exported from pretix.`,
  };

  const take = async (file: File | undefined) => {
    if (!file) return;
    setFileError(null);
    setCallError(null);
    setChosen(null);
    try {
      setChosen({ name: file.name, pretix: await readPretixFile(file) });
    } catch (e) {
      const problem = (e as { problem?: PretixFileProblem }).problem;
      setFileError(problem ? problems[problem] : problems['not-json']);
    }
  };
  const submit = ({ name }: { name: string }) => {
    if (!chosen) {
      setFileError(t`Choose a seating plan file exported from pretix.`);
      return;
    }
    setCallError(null);
    importPlan.mutate(
      { name: name.trim() || undefined, pretix: chosen.pretix as unknown as SeatingLayoutInput },
      {
        onSuccess: (plan) => {
          const made = plan.name;
          notifications.show({ color: 'teal', message: t`Seating plan ${made} imported.` });
          onDone(plan);
        },
        onError: (e) => {
          const nameErrors = isApiError(e) ? e.fieldErrors.name : undefined;
          if (nameErrors?.length) form.setFieldError('name', nameErrors.join(' '));
          setCallError(e);
        },
      },
    );
  };

  const fieldErrors = isApiError(callError) ? callError.fieldErrors : {};
  const fileProblems = Object.keys(fieldErrors).some((f) => f === 'pretix' || f.startsWith('pretix.'));
  const otherError = callError && !fileProblems && !fieldErrors.name?.length ? callError : null;
  const fileName = chosen?.name ?? '';
  const suggested = typeof chosen?.pretix.name === 'string' ? chosen.pretix.name : '';

  return (
    <FormStack onSubmit={form.onSubmit(submit)} error={otherError}>
      <PlanProblems
        title={<Trans>The file could not be imported</Trans>}
        fieldErrors={fieldErrors}
        layout={chosen?.pretix as SeatingLayout | undefined}
        prefix="pretix"
      />
      <FileDrop
        accept=".json,application/json"
        label={t`Pretix seating plan file`}
        describedBy={fileError ? `${hintId} ${errorId}` : hintId}
        invalid={!!fileError}
        autoFocus
        ringInside
        onFile={(file) => void take(file)}
      >
        <IconFileImport size={28} aria-hidden color="var(--mantine-color-violet-7)" />
        <Text size="sm">
          {chosen ? (
            <Trans>
              <strong>{fileName}</strong> is ready. Drop another file here or <ChooseFile>choose a file</ChooseFile> to
              replace it
            </Trans>
          ) : (
            <Trans>
              Drop a file here or <ChooseFile>choose a file</ChooseFile>
            </Trans>
          )}
        </Text>
        <Text size="xs" c="dimmed" id={hintId}>
          <Trans>A seating plan exported from pretix or drawn with its seating plan editor (.json).</Trans>
        </Text>
      </FileDrop>
      {fileError ? (
        <Text size="sm" c="red.8" id={errorId} role="alert">
          {fileError}
        </Text>
      ) : null}
      <TextInput
        label={t`Name`}
        description={t`Leave empty to use the name in the file.`}
        placeholder={suggested}
        {...form.getInputProps('name')}
      />
      <FormActions onCancel={onClose} loading={importPlan.isPending}>
        <Trans>Import plan</Trans>
      </FormActions>
    </FormStack>
  );
}

/** "Import a pretix file": a seating plan file read in the browser and sent as JSON; a new draft. */
export function ImportPlanDialog({ opened, ...props }: PlanDialogProps) {
  return (
    <AppModal opened={opened} onClose={props.onClose} title={<Trans>Import a pretix file</Trans>} size="lg">
      <ImportPlanForm {...props} />
    </AppModal>
  );
}
