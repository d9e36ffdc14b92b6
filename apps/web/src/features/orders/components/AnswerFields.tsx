import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/ScrollArea.css';
import '@mantine/core/styles/Radio.css';

import { ADDRESS_PARTS, type AddressAnswer, isFileAnswer } from '@admitone/shared';
import { Trans } from '@lingui/react/macro';
import { Checkbox, Radio, Select, Stack, Text, Textarea, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';

import { AddressField, withPart } from '../../../components/AddressField';
import { FileAnswerSummary } from '../../../components/FileAnswerSummary';
import { YesNoField } from '../../../components/YesNoField';
import type { AnswerQuestion, AnswerValues } from '../answer-values';

/** One answer as the input its question's type calls for; `answers.<id>` in the form. */
function AnswerField<V extends { answers: AnswerValues }>({
  question,
  form,
}: {
  question: AnswerQuestion;
  form: UseFormReturnType<V>;
}) {
  const path = `answers.${question.id}`;
  const input = form.getInputProps(path);
  const common = { label: question.title, required: question.required, error: input.error as string | undefined };
  // V extends { answers }, so the path holds an answer; TypeScript cannot see through the generic path type.
  const setAt = form.setFieldValue as (path: string, value: string | string[]) => void;
  const setValue = (value: string | string[]) => setAt(path, value);
  switch (question.type) {
    case 'MULTI_LINE_TEXT':
      return <Textarea {...common} autosize minRows={2} value={input.value as string} onChange={input.onChange} />;
    case 'DROPDOWN':
      return (
        <Select
          {...common}
          data={question.options}
          value={(input.value as string) || null}
          onChange={(v) => setValue(v ?? '')}
          allowDeselect={!question.required}
        />
      );
    case 'RADIO':
      return (
        <Radio.Group {...common} value={(input.value as string) || null} onChange={setValue}>
          <Stack gap="xs" mt={6}>
            {question.options.map((o) => (
              <Radio key={o} value={o} label={o} />
            ))}
          </Stack>
        </Radio.Group>
      );
    case 'CHECKBOX':
      return (
        <Checkbox.Group
          {...common}
          value={Array.isArray(input.value) ? (input.value as string[]) : []}
          onChange={setValue}
        >
          <Stack gap="xs" mt={6}>
            {question.options.map((o) => (
              <Checkbox key={o} value={o} label={o} />
            ))}
          </Stack>
        </Checkbox.Group>
      );
    case 'DATE':
      return <TextInput {...common} type="date" maw={240} value={input.value as string} onChange={input.onChange} />;
    case 'PHONE':
      return (
        <TextInput
          {...common}
          type="tel"
          inputMode="tel"
          maw={320}
          value={input.value as string}
          onChange={input.onChange}
        />
      );
    case 'NUMBER':
      return (
        <TextInput {...common} inputMode="decimal" maw={240} value={input.value as string} onChange={input.onChange} />
      );
    case 'YES_NO':
      return <YesNoField common={common} value={(input.value as string) || null} onChange={setValue} />;
    case 'ADDRESS':
      return (
        <AddressField
          common={common}
          value={input.value as AddressAnswer}
          onChange={(part, v) => setAt(path, withPart(input.value, part, v) as never)}
          errors={Object.fromEntries(ADDRESS_PARTS.map((p) => [p, form.errors[`${path}.${p}`] as string | undefined]))}
        />
      );
    case 'FILE':
      // Only the buyer uploads: the file is shown, and kept as it is when the answers are saved.
      return (
        <Stack gap={4}>
          <Text size="sm" fw={500}>
            {question.title}
          </Text>
          {isFileAnswer(input.value as object) ? (
            <FileAnswerSummary file={input.value} />
          ) : (
            <Text size="sm" c="dimmed">
              <Trans>No file uploaded.</Trans>
            </Text>
          )}
          <Text size="xs" c="dimmed">
            <Trans>Files are uploaded by the buyer at checkout.</Trans>
          </Text>
        </Stack>
      );
    default:
      return <TextInput {...common} value={input.value as string} onChange={input.onChange} />;
  }
}

/** Inputs for the answers to checkout questions, in the questions' order. */
export function AnswerFields<V extends { answers: AnswerValues }>({
  questions,
  form,
}: {
  questions: AnswerQuestion[];
  form: UseFormReturnType<V>;
}) {
  if (!questions.length) return null;
  return (
    <Stack gap="md">
      {questions.map((q) => (
        <AnswerField key={q.id} question={q} form={form} />
      ))}
    </Stack>
  );
}
