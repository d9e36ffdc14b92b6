import { ADDRESS_PARTS, type AddressAnswer, type PublicQuestionDto } from '@admitone/shared';
import { Checkbox, Radio, Select, Stack, Textarea, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';

import { AddressField, withPart } from '../../components/AddressField';
import { YesNoField } from '../../components/YesNoField';
import type { DetailsValues } from './details-form';
import { type AnswerUpload, FileAnswerField } from './FileAnswerField';

/** A question's help text (organizer HTML, sanitised by the server). */
function Description({ html }: { html: string }) {
  return <span dangerouslySetInnerHTML={{ __html: html }} />;
}

/**
 * One checkout question as the input its type calls for; `path` is the answer's form path. `upload` sends a
 * FILE question's file (the checkout's details); without it a FILE answer is only shown.
 */
export function QuestionField<V = DetailsValues>({
  question,
  form: anyForm,
  path,
  upload,
}: {
  question: PublicQuestionDto;
  form: UseFormReturnType<V>;
  path: string;
  upload?: AnswerUpload;
}) {
  // Any form holding answers at `path` (the checkout's details, a buyer's correction of one attendee).
  const form = anyForm as unknown as UseFormReturnType<DetailsValues>;
  const input = form.getInputProps(path);
  const common = {
    label: question.title,
    description: question.description ? <Description html={question.description} /> : undefined,
    required: question.required,
    error: input.error as string | undefined,
  };
  const setValue = (value: string | string[]) => form.setFieldValue(path, value as never);
  // The buyer reads the organizer's translation of each option; the answer keeps the option as written.
  const labelOf = (o: string, i: number) => question.option_labels?.[i] || o;
  switch (question.type) {
    case 'MULTI_LINE_TEXT':
      return (
        <Textarea
          {...common}
          autosize
          minRows={3}
          value={input.value as string}
          onChange={input.onChange}
          onBlur={input.onBlur}
        />
      );
    case 'DROPDOWN':
      return (
        <Select
          {...common}
          data={question.options.map((o, i) => ({ value: o, label: labelOf(o, i) }))}
          value={(input.value as string) || null}
          onChange={(v) => setValue(v ?? '')}
          onBlur={input.onBlur}
          allowDeselect={!question.required}
          comboboxProps={{ withinPortal: true }}
        />
      );
    case 'RADIO':
      return (
        <Radio.Group {...common} value={(input.value as string) || null} onChange={setValue}>
          <Stack gap="xs" mt={6}>
            {question.options.map((o, i) => (
              <Radio key={o} value={o} label={labelOf(o, i)} />
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
            {question.options.map((o, i) => (
              <Checkbox key={o} value={o} label={labelOf(o, i)} />
            ))}
          </Stack>
        </Checkbox.Group>
      );
    case 'DATE':
      return (
        <TextInput
          {...common}
          type="date"
          maw={240}
          value={input.value as string}
          onChange={input.onChange}
          onBlur={input.onBlur}
        />
      );
    case 'PHONE':
      return (
        <TextInput
          {...common}
          type="tel"
          autoComplete="tel"
          inputMode="tel"
          maw={320}
          value={input.value as string}
          onChange={input.onChange}
          onBlur={input.onBlur}
        />
      );
    case 'NUMBER':
      return (
        <TextInput
          {...common}
          inputMode="decimal"
          maw={240}
          value={input.value as string}
          onChange={input.onChange}
          onBlur={input.onBlur}
        />
      );
    case 'YES_NO':
      return <YesNoField common={common} value={(input.value as string) || null} onChange={setValue} />;
    case 'ADDRESS':
      return (
        <AddressField
          common={common}
          value={input.value as AddressAnswer}
          onChange={(part, v) => form.setFieldValue(path, withPart(input.value, part, v) as never)}
          errors={Object.fromEntries(ADDRESS_PARTS.map((p) => [p, form.errors[`${path}.${p}`] as string | undefined]))}
        />
      );
    case 'FILE':
      return (
        <FileAnswerField
          common={common}
          value={input.value}
          onChange={(v) => {
            form.setFieldValue(path, v as never);
            form.clearFieldError(path);
          }}
          upload={upload ? (file) => upload(question.id, file) : undefined}
        />
      );
    default:
      return <TextInput {...common} value={input.value as string} onChange={input.onChange} onBlur={input.onBlur} />;
  }
}
