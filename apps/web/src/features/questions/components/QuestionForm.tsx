import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/Pill.css';
import '@mantine/core/styles/PillsInput.css';
import '@mantine/core/styles/SegmentedControl.css';
import '@mantine/core/styles/Switch.css';

import {
  CHOICE_QUESTION_TYPES,
  QUESTION_TYPES,
  type QuestionBody,
  questionBody,
  type QuestionDto,
  type QuestionScope,
  type QuestionType,
  type TicketDto,
} from '@admitone/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { Select, Switch, TextInput } from '@mantine/core';
import { useForm } from '@mantine/form';

import { FormActions, FormStack } from '../../../components/FormActions';
import { RichTextInput } from '../../../components/RichTextInput';
import { SegmentedField } from '../../../components/SegmentedField';
import { useFormError } from '../../../lib/form-submit';
import { useSchemaValidation } from '../../../lib/validation';
import { TicketsSelect } from '../../tickets/components/TicketsSelect';
import { useSaveQuestion } from '../api/questions';
import { useQuestionTypeLabel } from '../hooks/useQuestionTypeLabel';
import { QuestionOptionsEditor } from './QuestionOptionsEditor';

export interface QuestionValues {
  title: string;
  description: string;
  type: QuestionType;
  options: string[];
  required: boolean;
  is_hidden: boolean;
  /** Buyers may change their answer from their order page (attendee questions only). */
  buyer_editable: boolean;
  /** Asked at the box office too. */
  asked_at_box_office: boolean;
  applies_to: QuestionScope;
  ticket_ids: string[];
}

const toBody = (v: QuestionValues): QuestionBody => ({
  title: v.title,
  description: v.description.trim() || null,
  type: v.type,
  options: CHOICE_QUESTION_TYPES.includes(v.type) ? v.options : [],
  required: v.required,
  is_hidden: v.is_hidden,
  buyer_editable: v.applies_to === 'ATTENDEE' && v.buyer_editable,
  asked_at_box_office: v.type !== 'FILE' && v.asked_at_box_office,
  applies_to: v.applies_to,
  ticket_ids: v.applies_to === 'ATTENDEE' ? v.ticket_ids.map(Number) : [],
});

interface QuestionFormProps {
  eventId: number;
  tickets: TicketDto[];
  question?: QuestionDto;
  /** The scope a new question starts with. */
  scope: QuestionScope;
  onDone: (saved?: QuestionDto) => void;
}

/**
 * Title, description, type, options for choice types, required, hidden, changeable by buyers, per attendee or per
 * order, tickets.
 */
export function QuestionForm({ eventId, tickets, question, scope, onDone }: QuestionFormProps) {
  const { t } = useLingui();
  const typeLabel = useQuestionTypeLabel();
  const save = useSaveQuestion(eventId);
  const validate = useSchemaValidation<QuestionValues>(questionBody, toBody);
  const form = useForm<QuestionValues>({
    initialValues: question
      ? {
          title: question.title,
          description: question.description ?? '',
          type: question.type,
          options: question.options.length ? question.options : [''],
          required: question.required,
          is_hidden: question.is_hidden,
          buyer_editable: question.buyer_editable ?? false,
          asked_at_box_office: question.asked_at_box_office ?? false,
          applies_to: question.applies_to,
          ticket_ids: question.ticket_ids.map(String),
        }
      : {
          title: '',
          description: '',
          type: 'SINGLE_LINE_TEXT',
          options: [''],
          required: false,
          is_hidden: false,
          buyer_editable: false,
          asked_at_box_office: false,
          applies_to: scope,
          ticket_ids: [],
        },
    validate,
  });
  const formError = useFormError(form.setErrors);
  const v = form.values;

  const submit = (values: QuestionValues) =>
    save.mutate({ id: question?.id, body: toBody(values) }, formError.handle(onDone));

  return (
    <FormStack onSubmit={form.onSubmit(submit)} error={formError.error}>
      <TextInput label={t`Question`} required data-autofocus {...form.getInputProps('title')} />
      <RichTextInput
        label={t`Description`}
        defaultValue={v.description}
        onChange={(html) => form.setFieldValue('description', html)}
        error={form.errors.description}
      />
      <Select
        label={t`Answer type`}
        required
        allowDeselect={false}
        data={QUESTION_TYPES.map((type) => ({ value: type, label: typeLabel(type) }))}
        {...form.getInputProps('type')}
      />
      {CHOICE_QUESTION_TYPES.includes(v.type) ? <QuestionOptionsEditor form={form} /> : null}
      <SegmentedField
        label={t`Asked`}
        data={[
          { value: 'ATTENDEE', label: t`Once per attendee` },
          { value: 'ORDER', label: t`Once per order` },
        ]}
        {...form.getInputProps('applies_to')}
      />
      {v.applies_to === 'ATTENDEE' ? (
        <TicketsSelect tickets={tickets} noneChosen={t`All tickets`} clearable {...form.getInputProps('ticket_ids')} />
      ) : null}
      <Switch label={t`Required`} {...form.getInputProps('required', { type: 'checkbox' })} />
      <Switch
        label={t`Hidden`}
        description={t`Not asked at checkout.`}
        {...form.getInputProps('is_hidden', { type: 'checkbox' })}
      />
      {v.applies_to === 'ATTENDEE' ? (
        <Switch
          label={t`Buyers may change their answer`}
          description={t`From their order page, until the cut-off in the event's settings.`}
          {...form.getInputProps('buyer_editable', { type: 'checkbox' })}
        />
      ) : null}
      {v.type !== 'FILE' ? (
        <Switch
          label={t`Ask at the box office`}
          description={t`Staff ask it when they sell at the door (once per sale).`}
          {...form.getInputProps('asked_at_box_office', { type: 'checkbox' })}
        />
      ) : null}
      <FormActions onCancel={() => onDone()} loading={save.isPending}>
        {question ? <Trans>Save changes</Trans> : <Trans>Create question</Trans>}
      </FormActions>
    </FormStack>
  );
}
