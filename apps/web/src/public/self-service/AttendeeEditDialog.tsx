import type { AnswerValue, PublicAttendeeDto, PublicOrderDto } from '@admitone/shared';
import { formatDateTime, personName } from '@admitone/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { Text } from '@mantine/core';
import { useForm } from '@mantine/form';

import { EMPTY_ADDRESS } from '../../components/AddressField';
import { questionsForTicket } from '../checkout/details-form';
import { PersonFields } from '../checkout/PersonFields';
import { QuestionField } from '../checkout/QuestionField';
import { correctAttendee } from './self-service-api';
import { SelfServiceDialog } from './SelfServiceDialog';
import { useSubmitChange } from './use-submit-change';

interface EditValues {
  first_name: string;
  last_name: string;
  email: string;
  answers: Record<string, AnswerValue>;
}

/**
 * The buyer corrects one attendee: name, e-mail, and the answers the organizer lets them change,
 * until the event's cut-off. A new e-mail address gets the ticket.
 */
export function AttendeeEditDialog({
  order,
  attendee,
  onClose,
  onSaved,
}: {
  order: PublicOrderDto;
  attendee: PublicAttendeeDto;
  onClose: () => void;
  onSaved: (order: PublicOrderDto) => void;
}) {
  const { t, i18n } = useLingui();
  const self = order.self_service!;
  const questions = questionsForTicket(self.editable_questions, attendee.ticket_id);
  const saved = (id: number) =>
    order.answers.find((a) => a.question_id === id && a.attendee_short_id === attendee.short_id)?.answer;
  const form = useForm<EditValues>({
    initialValues: {
      first_name: attendee.first_name ?? '',
      last_name: attendee.last_name ?? '',
      email: attendee.email ?? '',
      answers: Object.fromEntries(
        questions.map((q) => [
          String(q.id),
          q.type === 'ADDRESS'
            ? { ...EMPTY_ADDRESS, ...(saved(q.id) as object | undefined) }
            : (saved(q.id) ?? (q.type === 'CHECKBOX' ? [] : '')),
        ]),
      ),
    },
  });
  // A file is shown, not sent: it can only be uploaded at checkout, and a question left out keeps its answer.
  const files = new Set(questions.filter((q) => q.type === 'FILE').map((q) => String(q.id)));
  const { submit, failure, busy } = useSubmitChange(form, async (values) => {
    const answers = Object.fromEntries(Object.entries(values.answers).filter(([id]) => !files.has(id)));
    onSaved(
      await correctAttendee(order.event.id, order.short_id, attendee.short_id, { ...values, answers }, i18n.locale),
    );
  });
  const name = personName(attendee);
  const until = self.edit_until ? formatDateTime(self.edit_until, order.event.timezone, i18n.locale) : null;

  return (
    <SelfServiceDialog
      title={t`Correct the details of ${name}`}
      onClose={onClose}
      onSubmit={submit}
      failure={failure}
      busy={busy}
      action={<Trans>Save changes</Trans>}
    >
      {until ? (
        <Text size="sm" c="dimmed">
          <Trans>You can correct these details until {until}.</Trans>
        </Text>
      ) : null}
      <PersonFields form={form} prefix="" someoneElse emailDescription={t`A new address receives the ticket.`} />
      {questions.map((q) => (
        <QuestionField key={q.id} question={q} form={form} path={`answers.${q.id}`} />
      ))}
    </SelfServiceDialog>
  );
}
