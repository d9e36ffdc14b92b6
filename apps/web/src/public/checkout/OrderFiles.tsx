import { type FileAnswer, isFileAnswer, personName, type PublicOrderDto } from '@admitone/shared';
import { Trans } from '@lingui/react/macro';
import { Stack, Text, Title } from '@mantine/core';

import { FileAnswerSummary } from '../../components/FileAnswerSummary';

/**
 * The files the buyer uploaded to answer FILE questions, by question (and ticket holder): names and sizes
 * only, since the files themselves are kept for the organizer.
 */
export function OrderFiles({ order }: { order: PublicOrderDto }) {
  const files = order.answers.filter((a) => isFileAnswer(a.answer));
  if (!files.length) return null;
  const holder = (shortId: string | null) => {
    const person = shortId ? order.attendees.find((p) => p.short_id === shortId) : undefined;
    return person ? personName(person) : '';
  };
  return (
    <Stack gap="xs" component="section" aria-labelledby="order-files-heading">
      <Title order={2} size="h4" id="order-files-heading">
        <Trans>Your uploaded files</Trans>
      </Title>
      <Stack gap={6} component="dl" m={0}>
        {files.map((a) => (
          <div key={`${a.question_id}-${a.attendee_short_id ?? 'order'}`}>
            <Text component="dt" size="sm" c="dimmed">
              {holder(a.attendee_short_id) ? `${a.question_title} · ${holder(a.attendee_short_id)}` : a.question_title}
            </Text>
            <Text component="dd" m={0}>
              <FileAnswerSummary file={a.answer as FileAnswer} />
            </Text>
          </div>
        ))}
      </Stack>
    </Stack>
  );
}
