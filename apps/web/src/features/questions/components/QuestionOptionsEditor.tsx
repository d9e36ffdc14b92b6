import { Trans, useLingui } from '@lingui/react/macro';
import { ActionIcon, Button, Group, Stack, Text, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { IconPlus, IconTrash } from '@tabler/icons-react';

import type { QuestionValues } from './QuestionForm';

/** The choices of a dropdown, radio or checkbox question: at least one, each different. */
export function QuestionOptionsEditor({ form }: { form: UseFormReturnType<QuestionValues> }) {
  const { t } = useLingui();
  const options = form.values.options;
  return (
    <Stack gap="xs">
      <Text fw={600} size="sm">
        <Trans>Options</Trans>
      </Text>
      {form.errors.options ? (
        <Text c="red.8" size="sm" role="alert">
          {form.errors.options}
        </Text>
      ) : null}
      {options.map((_, i) => {
        const n = i + 1;
        return (
          <Group key={i} gap="xs" wrap="nowrap" align="flex-start">
            <TextInput
              aria-label={t`Option ${n}`}
              placeholder={t`Option ${n}`}
              style={{ flex: 1 }}
              {...form.getInputProps(`options.${i}`)}
            />
            <ActionIcon
              variant="subtle"
              color="red"
              mt={4}
              aria-label={t`Remove option ${n}`}
              onClick={() => form.removeListItem('options', i)}
            >
              <IconTrash size={16} aria-hidden />
            </ActionIcon>
          </Group>
        );
      })}
      <Group>
        <Button
          variant="light"
          size="xs"
          leftSection={<IconPlus size={14} aria-hidden />}
          onClick={() => form.insertListItem('options', '')}
        >
          <Trans>Add option</Trans>
        </Button>
      </Group>
    </Stack>
  );
}
