import { type FileAnswer, formatFileSize } from '@admitone/shared';
import { useLingui } from '@lingui/react/macro';
import { Group, Text } from '@mantine/core';
import { IconFile } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/**
 * An uploaded file (a FILE question's answer) as people read it: its name and size. `name` replaces the
 * plain name (the organizer's download link).
 */
export function FileAnswerSummary({ file, name }: { file: FileAnswer; name?: ReactNode }) {
  const { i18n } = useLingui();
  return (
    <Group gap={6} wrap="nowrap" align="center" component="span">
      <IconFile size={16} aria-hidden style={{ flex: 'none' }} />
      <Text span size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>
        {name ?? file.name}
      </Text>
      <Text span size="sm" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
        {formatFileSize(file.size, i18n.locale)}
      </Text>
    </Group>
  );
}
