import { addressLines, type AdminAnswerDto, isAddressAnswer, isFileAnswer } from '@admitone/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { Stack, Text } from '@mantine/core';
import type { ReactNode } from 'react';

import { AnswerFileLink } from './AnswerFileLink';

/**
 * Answers to checkout questions as question / answer pairs. An uploaded file shows its name and size; with
 * `order` (where the answers belong) its name downloads it.
 */
export function AnswerList({
  answers,
  order,
}: {
  answers: AdminAnswerDto[];
  order?: { eventId: number; orderId: number };
}) {
  const { t, i18n } = useLingui();
  const shown = (a: AdminAnswerDto): ReactNode => {
    if (Array.isArray(a.answer)) return a.answer.join(', ');
    if (isFileAnswer(a.answer))
      return order ? <AnswerFileLink file={a.answer} eventId={order.eventId} orderId={order.orderId} /> : a.answer.name;
    if (isAddressAnswer(a.answer)) return addressLines(a.answer, i18n.locale).join('\n');
    if (a.question_type === 'YES_NO' && a.answer) return a.answer === 'yes' ? t`Yes` : t`No`;
    return a.answer || '—';
  };
  if (!answers.length)
    return (
      <Text size="sm" c="dimmed">
        <Trans>No answers.</Trans>
      </Text>
    );
  return (
    <Stack gap={6} component="dl" m={0}>
      {answers.map((a) => (
        <div key={`${a.question_id}-${a.attendee_id ?? 'order'}`}>
          <Text component="dt" size="sm" c="dimmed">
            {a.question_title}
          </Text>
          <Text component="dd" size="sm" m={0} style={{ whiteSpace: 'pre-wrap' }}>
            {shown(a)}
          </Text>
        </div>
      ))}
    </Stack>
  );
}
