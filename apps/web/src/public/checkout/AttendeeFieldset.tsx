import type { PublicAttendeeDto, PublicQuestionDto } from '@admitone/shared';
import { Trans } from '@lingui/react/macro';
import { Stack, Title } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';

import type { DetailsValues } from './details-form';
import type { AnswerUpload } from './FileAnswerField';
import { PersonFields } from './PersonFields';
import { QuestionField } from './QuestionField';

interface AttendeeFieldsetProps {
  form: UseFormReturnType<DetailsValues>;
  index: number;
  count: number;
  attendee: PublicAttendeeDto;
  questions: PublicQuestionDto[];
  /** Sends a FILE answer's file for this attendee. */
  upload?: AnswerUpload;
}

/** One ticket holder: heading "Ticket 2 of 3 — Standard", name, e-mail and the ticket's questions. */
export function AttendeeFieldset({ form, index, count, attendee, questions, upload }: AttendeeFieldsetProps) {
  const number = index + 1;
  const ticket = attendee.tier_label ? `${attendee.ticket_name} (${attendee.tier_label})` : attendee.ticket_name;
  const headingId = `attendee-${attendee.short_id}-heading`;
  return (
    <Stack component="section" aria-labelledby={headingId} gap="sm" data-testid={`attendee-${index}`}>
      <Title order={3} size="h5" id={headingId}>
        <Trans>
          Ticket {number} of {count} — {ticket}
        </Trans>
      </Title>
      <PersonFields form={form} prefix={`attendees.${index}.`} />
      {questions.map((q) => (
        <QuestionField
          key={q.id}
          question={q}
          form={form}
          path={`attendees.${index}.answers.${q.id}`}
          upload={upload}
        />
      ))}
    </Stack>
  );
}
