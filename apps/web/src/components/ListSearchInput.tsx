import { useLingui } from '@lingui/react/macro';
import { CloseButton, TextInput, type TextInputProps } from '@mantine/core';
import { useDebouncedCallback } from '@mantine/hooks';
import { IconSearch } from '@tabler/icons-react';
import { useEffect, useState } from 'react';

interface ListSearchInputProps extends Omit<TextInputProps, 'value' | 'onChange'> {
  /** The search applied to the list (from the URL). */
  value: string;
  /** Called after a short pause in typing, and at once when cleared. */
  onSearch: (query: string) => void;
}

/** A list's search box: typing reaches the list (and the address) after a pause; a button clears it. */
export function ListSearchInput({ value, onSearch, ...props }: ListSearchInputProps) {
  const { t } = useLingui();
  const [text, setText] = useState(value);
  const push = useDebouncedCallback((next: string) => onSearch(next.trim()), 350);
  // Back/forward changes the applied search: show it.
  useEffect(() => {
    setText((current) => (current.trim() === value ? current : value));
  }, [value]);
  return (
    <TextInput
      leftSection={<IconSearch size={16} aria-hidden />}
      value={text}
      onChange={(e) => {
        setText(e.currentTarget.value);
        push(e.currentTarget.value);
      }}
      rightSection={
        text ? (
          <CloseButton
            aria-label={t`Clear search`}
            onClick={() => {
              setText('');
              push.cancel();
              onSearch('');
            }}
          />
        ) : null
      }
      rightSectionPointerEvents="all"
      {...props}
    />
  );
}
