import '@mantine/core/styles/Tooltip.css';

import type { QuestionDto, TicketDto } from '@admitone/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { ActionIcon, Badge, Card, Group, Stack, Text, Tooltip } from '@mantine/core';
import { IconLock } from '@tabler/icons-react';
import type { ReactNode } from 'react';

import { type SortableRowActions, SortableRowMenu } from '../../../components/SortableRowMenu';
import type { DefaultQuestion } from '../api/questions';
import { useQuestionTypeLabel } from '../hooks/useQuestionTypeLabel';

interface QuestionRowProps extends SortableRowActions {
  question: QuestionDto;
  tickets: TicketDto[];
  handle: ReactNode;
}

/** A custom question: title, type, flags, tickets, and its actions. */
export function QuestionRow({ question, tickets, handle, ...actions }: QuestionRowProps) {
  const { t } = useLingui();
  const typeLabel = useQuestionTypeLabel();
  const title = question.title;
  const ticketNames = tickets
    .filter((x) => question.ticket_ids.includes(x.id))
    .map((x) => x.name)
    .join(', ');
  return (
    <Card withBorder radius="md" padding="sm" data-testid="question-row">
      <Group gap="sm" wrap="nowrap">
        {handle}
        <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
          <Group gap="xs">
            <Text fw={700}>{question.title}</Text>
            <Badge variant="light" color="violet">
              {typeLabel(question.type)}
            </Badge>
            {question.required ? (
              <Badge variant="light" color="gray">
                <Trans>Required</Trans>
              </Badge>
            ) : null}
            {question.is_hidden ? (
              <Badge variant="filled" color="gray.7">
                <Trans>Hidden</Trans>
              </Badge>
            ) : null}
          </Group>
          {question.applies_to === 'ATTENDEE' ? (
            <Text size="sm" c="dimmed">
              {ticketNames ? <Trans>Tickets: {ticketNames}</Trans> : <Trans>All tickets</Trans>}
            </Text>
          ) : null}
        </Stack>
        <SortableRowMenu label={t`Actions for ${title}`} {...actions} />
      </Group>
    </Card>
  );
}

/** A fixed question (first name, last name, e-mail): always asked, never editable. */
export function DefaultQuestionRow({ question }: { question: DefaultQuestion }) {
  const { t } = useLingui();
  const title = { first_name: t`First name`, last_name: t`Last name`, email: t`E-mail` }[question.key];
  return (
    <Card withBorder radius="md" padding="sm" bg="var(--mantine-color-gray-0)" data-testid="default-question">
      <Group gap="sm" wrap="nowrap">
        <Tooltip label={t`Default questions cannot be edited`} withArrow>
          <ActionIcon variant="subtle" color="gray" aria-label={t`Default questions cannot be edited`}>
            <IconLock size={18} aria-hidden />
          </ActionIcon>
        </Tooltip>
        <Text fw={700} style={{ flex: 1 }}>
          {title}
        </Text>
        <Badge variant="light" color="gray">
          <Trans>Required</Trans>
        </Badge>
      </Group>
    </Card>
  );
}
