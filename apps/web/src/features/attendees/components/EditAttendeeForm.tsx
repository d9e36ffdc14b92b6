import {
  type AttendeeDetailDto,
  type EditAttendeeBody,
  editAttendeeBody,
  type QuestionDto,
  type TicketDto,
} from '@admitone/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { Text } from '@mantine/core';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { useState } from 'react';

import { FormActions, FormStack } from '../../../components/FormActions';
import { ListBody } from '../../../components/ListBody';
import { useFormError } from '../../../lib/form-submit';
import { useSchemaValidation } from '../../../lib/validation';
import { answersChanged, type AnswerValues, answerValues, askedQuestions } from '../../orders/answer-values';
import { AnswerFields } from '../../orders/components/AnswerFields';
import { PersonFields } from '../../orders/components/PersonFields';
import { useQuestions } from '../../questions/api/questions';
import { useEditAttendee } from '../api/attendees';
import { ticketTierErrors, TicketTierFields, type TicketTierValues } from './TicketTierFields';

interface EditValues extends TicketTierValues {
  first_name: string;
  last_name: string;
  email: string;
  answers: AnswerValues;
}

interface EditAttendeeFormProps {
  eventId: number;
  attendee: AttendeeDetailDto;
  tickets: TicketDto[];
  onDone: () => void;
}

const pick = (values: AnswerValues, questions: QuestionDto[]): AnswerValues =>
  Object.fromEntries(questions.map((q) => [String(q.id), values[String(q.id)] ?? '']));

function AttendeeForm({
  eventId,
  attendee,
  tickets,
  questions,
  onDone,
}: EditAttendeeFormProps & { questions: QuestionDto[] }) {
  const { t } = useLingui();
  const save = useEditAttendee(eventId, attendee.id);
  const [initialAnswers] = useState(() =>
    answerValues(askedQuestions(questions, { ticketId: attendee.ticket_id }), attendee.answers),
  );
  const askedFor = (ticketId: string | null) => askedQuestions(questions, { ticketId: Number(ticketId) });
  const toBody = (v: EditValues): EditAttendeeBody => {
    const body: EditAttendeeBody = { first_name: v.first_name, last_name: v.last_name, email: v.email };
    // Answers are replaced as a whole and required ones checked: send them only when one changed.
    const answers = pick(v.answers, askedFor(v.ticket_id));
    if (answersChanged(pick(initialAnswers, askedFor(v.ticket_id)), answers)) body.answers = answers;
    const ticketId = Number(v.ticket_id);
    const tierId = v.tier_id ? Number(v.tier_id) : null;
    // Only a real move is sent: the server checks the new ticket's stock.
    if (ticketId && (ticketId !== attendee.ticket_id || tierId !== attendee.tier_id))
      Object.assign(body, { ticket_id: ticketId, tier_id: tierId });
    return body;
  };
  const schemaErrors = useSchemaValidation<EditValues>(editAttendeeBody, toBody);
  const form = useForm<EditValues>({
    initialValues: {
      first_name: attendee.first_name ?? '',
      last_name: attendee.last_name ?? '',
      email: attendee.email ?? '',
      ticket_id: String(attendee.ticket_id),
      tier_id: attendee.tier_id === null ? null : String(attendee.tier_id),
      // Every attendee question's value, so a move to another ticket finds its questions' inputs ready.
      answers: answerValues(
        questions.filter((q) => q.applies_to === 'ATTENDEE' && !q.is_hidden),
        attendee.answers,
      ),
    },
    validate: (values) => ({
      ...schemaErrors(values),
      ...ticketTierErrors(values, tickets, { ticket: t`Choose a ticket.`, tier: t`Choose a price tier.` }),
    }),
  });
  const formError = useFormError(form.setErrors);
  const moving =
    form.values.ticket_id !== String(attendee.ticket_id) ||
    form.values.tier_id !== (attendee.tier_id === null ? null : String(attendee.tier_id));

  const submit = (values: EditValues) =>
    save.mutate(
      toBody(values),
      formError.handle(() => {
        notifications.show({ color: 'teal', message: t`Attendee saved.` });
        onDone();
      }),
    );

  return (
    <FormStack onSubmit={form.onSubmit(submit)} error={formError.error}>
      <PersonFields inputProps={form.getInputProps} />
      <TicketTierFields form={form} tickets={tickets} label={t`Ticket (move to another ticket)`} />
      <AnswerFields questions={askedFor(form.values.ticket_id)} form={form} />
      {moving ? (
        <Text size="sm" c="dimmed">
          <Trans>The attendee moves to this ticket if it has room.</Trans>
        </Text>
      ) : null}
      <FormActions onCancel={onDone} loading={save.isPending}>
        <Trans>Save changes</Trans>
      </FormActions>
    </FormStack>
  );
}

/** Name, e-mail and answers of an attendee, and a move to another ticket or tier if its stock allows. */
export function EditAttendeeForm(props: EditAttendeeFormProps) {
  const questions = useQuestions(props.eventId);
  return <ListBody queries={[questions]}>{(list) => <AttendeeForm {...props} questions={list.data} />}</ListBody>;
}
