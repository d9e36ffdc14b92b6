import type { EventTranslationsDto, Locale } from '@admitone/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { useId } from '@mantine/hooks';

import { useAsWritten } from '../hooks/useAsWritten';
import type { TranslationFormReturn } from '../translation-values';
import { TextGroup } from './TextGroup';
import { TranslatedRichText } from './TranslatedRichText';

type Question = EventTranslationsDto['questions'][number];

interface QuestionTextFieldsProps {
  form: TranslationFormReturn;
  questions: EventTranslationsDto['questions'];
  locale: Locale;
}

/** One field per option of a question, the option as written as its placeholder. */
function OptionFields({
  form,
  question,
  index,
  locale,
}: {
  form: TranslationFormReturn;
  question: Question;
  index: number;
  locale: Locale;
}) {
  const { t } = useLingui();
  const labelId = useId();
  return (
    <div role="group" aria-labelledby={labelId}>
      <Text id={labelId} size="sm" fw={500} mb={4}>
        <Trans>Options</Trans>
      </Text>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        {question.original.options.map((option, o) => {
          const n = o + 1;
          return (
            <TextInput
              key={o}
              label={t`Option ${n}`}
              placeholder={option}
              lang={locale}
              {...form.getInputProps(`questions.${index}.options.${o}`)}
            />
          );
        })}
      </SimpleGrid>
    </div>
  );
}

/** Each question's title, description and option labels in one language, under its title as written. */
export function QuestionTextFields({ form, questions, locale }: QuestionTextFieldsProps) {
  const { t } = useLingui();
  const asWritten = useAsWritten();
  const stored = form.getInitialValues().questions;
  if (!questions.length) {
    return (
      <Text size="sm" c="dimmed">
        <Trans>This event asks no questions of its own.</Trans>
      </Text>
    );
  }
  return (
    <Stack gap="xl">
      {questions.map((question, i) => {
        const n = i + 1;
        const { original } = question;
        return (
          <TextGroup key={question.id} title={original.title || t`Question ${n}`}>
            <TextInput
              label={t`Question`}
              description={asWritten(original.title)}
              lang={locale}
              {...form.getInputProps(`questions.${i}.title`)}
            />
            <TranslatedRichText
              form={form}
              locale={locale}
              path={`questions.${i}.description`}
              label={t`Description`}
              defaultValue={stored[i]?.description ?? ''}
              original={original.description}
            />
            {original.options.length ? (
              <OptionFields form={form} question={question} index={i} locale={locale} />
            ) : null}
          </TextGroup>
        );
      })}
    </Stack>
  );
}
