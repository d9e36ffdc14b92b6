import { addressLines, type AdminAnswerDto, isAddressAnswer } from '@admitone/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { Stack, Text } from '@mantine/core';

/** Answers to checkout questions as question / answer pairs. */
export function AnswerList({ answers }: { answers: AdminAnswerDto[] }) {
  const { t, i18n } = useLingui();
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
            {Array.isArray(a.answer)
              ? a.answer.join(', ')
              : isAddressAnswer(a.answer)
                ? addressLines(a.answer, i18n.locale).join('\n')
                : a.question_type === 'YES_NO' && a.answer
                  ? a.answer === 'yes'
                    ? t`Yes`
                    : t`No`
                  : a.answer || '—'}
          </Text>
        </div>
      ))}
    </Stack>
  );
}
