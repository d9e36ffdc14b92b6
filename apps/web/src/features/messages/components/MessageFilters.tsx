import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Fieldset.css';
import '@mantine/core/styles/Pill.css';
import '@mantine/core/styles/PillsInput.css';

import {
  type EventDateDto,
  formatOrderDate,
  MESSAGE_CHECK_IN_FILTERS,
  type MessageCheckInFilter,
  type QuestionDto,
} from '@admitone/shared';
import { useLingui as useLinguiRuntime } from '@lingui/react';
import { useLingui } from '@lingui/react/macro';
import { type ComboboxItem, Fieldset, MultiSelect, Select, Stack, Text, TextInput } from '@mantine/core';
import type { ReactNode } from 'react';

import { answeredByChoice, canFilterBy } from '../composer-values';
import { CHECK_IN_FILTER_LABELS } from '../message-labels';

/** The filters' values and their errors, as the composer's form holds them. */
export interface FilterValues {
  event_date_ids: string[];
  check_in: MessageCheckInFilter;
  answer_question_id: string | null;
  answer_value: string;
}

interface MessageFiltersProps {
  values: FilterValues;
  onChange: <K extends keyof FilterValues>(field: K, value: FilterValues[K]) => void;
  errors: Partial<Record<keyof FilterValues, ReactNode>>;
  /** The event's dates: with several, a date filter. */
  dates: readonly EventDateDto[];
  /** The event's own questions (those an answer can be filtered by are offered). */
  questions: readonly QuestionDto[];
  timeZone: string;
  /** The audience is buyers: they match through the tickets of their orders. */
  buyers: boolean;
}

/** Yes and no as the answers of a YES_NO question are stored. */
function useYesNo(): ComboboxItem[] {
  const { t } = useLingui();
  return [
    { value: 'yes', label: t`Yes` },
    { value: 'no', label: t`No` },
  ];
}

/**
 * Narrows a message's audience: to some of the event's dates (when it has several), by check-in, and to
 * those who gave an answer to a question (one of its options, yes or no, or a text typed exactly).
 */
export function MessageFilters({ values, onChange, errors, dates, questions, timeZone, buyers }: MessageFiltersProps) {
  const { t } = useLingui();
  const { i18n } = useLinguiRuntime();
  const yesNo = useYesNo();
  const offered = questions.filter(canFilterBy);
  const questionData: ComboboxItem[] = offered.map((q) => ({ value: String(q.id), label: q.title }));
  const chosenId = values.answer_question_id;
  if (chosenId && !questionData.some((o) => o.value === chosenId))
    questionData.push({ value: chosenId, label: t`A deleted question` });
  const question = offered.find((q) => String(q.id) === chosenId);
  const showDates = dates.length > 1 || values.event_date_ids.length > 0;
  const dateData: ComboboxItem[] = dates.map((d) => ({
    value: String(d.id),
    label: formatOrderDate(d, timeZone, i18n.locale),
  }));
  for (const id of values.event_date_ids)
    if (!dateData.some((o) => o.value === id)) dateData.push({ value: id, label: t`A deleted date` });

  const answerField = () => {
    if (!chosenId) return null;
    const common = {
      label: t`Answer`,
      required: true,
      error: errors.answer_value,
    };
    if (question && answeredByChoice(question)) {
      const options: ComboboxItem[] =
        question.type === 'YES_NO' ? yesNo : question.options.map((o) => ({ value: o, label: o }));
      if (values.answer_value && !options.some((o) => o.value === values.answer_value))
        options.push({ value: values.answer_value, label: values.answer_value });
      return (
        <Select
          {...common}
          description={
            question.type === 'CHECKBOX' ? t`Those who chose this option, among any others they chose.` : undefined
          }
          placeholder={t`Choose an answer`}
          data={options}
          value={values.answer_value || null}
          onChange={(v) => onChange('answer_value', v ?? '')}
          searchable={options.length > 8}
          allowDeselect={false}
        />
      );
    }
    return (
      <TextInput
        {...common}
        description={t`Those whose answer is exactly this text.`}
        maxLength={500}
        value={values.answer_value}
        onChange={(e) => onChange('answer_value', e.currentTarget.value)}
      />
    );
  };

  return (
    <Fieldset legend={t`Narrow down`} variant="unstyled">
      <Stack gap="sm">
        {buyers ? (
          <Text size="sm" c="dimmed">
            {t`A buyer matches when a ticket of their order does.`}
          </Text>
        ) : null}
        {showDates ? (
          <MultiSelect
            label={t`Dates`}
            placeholder={values.event_date_ids.length ? undefined : t`Every date`}
            data={dateData}
            value={values.event_date_ids}
            onChange={(ids) => onChange('event_date_ids', ids)}
            searchable
            clearable
            clearButtonProps={{ 'aria-label': t`Clear the dates` }}
            limit={200}
            nothingFoundMessage={t`No date matches`}
            error={errors.event_date_ids}
          />
        ) : null}
        <Select
          label={t`Check-in`}
          data={MESSAGE_CHECK_IN_FILTERS.map((f) => ({ value: f, label: i18n._(CHECK_IN_FILTER_LABELS[f]) }))}
          value={values.check_in}
          onChange={(v) => onChange('check_in', (v ?? 'ANY') as MessageCheckInFilter)}
          allowDeselect={false}
          error={errors.check_in}
        />
        {questionData.length ? (
          <Select
            label={t`Question`}
            description={t`Only those who gave an answer to it.`}
            placeholder={t`Any answers`}
            data={questionData}
            value={chosenId}
            onChange={(v) => {
              onChange('answer_question_id', v);
              onChange('answer_value', '');
            }}
            clearable
            clearButtonProps={{ 'aria-label': t`Clear the question` }}
            searchable={questionData.length > 8}
            error={errors.answer_question_id}
          />
        ) : null}
        {answerField()}
      </Stack>
    </Fieldset>
  );
}
