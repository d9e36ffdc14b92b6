import '@mantine/core/styles/Popover.css';
import '@mantine/dates/styles.css';

import { isLocale } from '@admitone/shared';
import { useLingui } from '@lingui/react/macro';
import { ActionIcon, Group, Stack, TextInput } from '@mantine/core';
import { DatePicker, type DatePickerProps, type DateValue, PickerInputBase } from '@mantine/dates';
import { IconCheck } from '@tabler/icons-react';
import dayjs from 'dayjs';
import { type FocusEventHandler, type ReactNode, useEffect, useRef, useState } from 'react';

import { wallClockFormatter } from '../lib/format';
import { formatTimeOfDay, parseTypedTime } from '../lib/typed-time';

/** "YYYY-MM-DD HH:mm:ss" (or with a T) as its day and "HH:mm", or null. */
function split(value: string | null | undefined): { day: string; time: string } | null {
  const m = value ? /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2})/.exec(value) : null;
  return m ? { day: m[1]!, time: m[2]! } : null;
}

const dayOf = (value: DateValue): string | null =>
  value === null ? null : typeof value === 'string' ? value.slice(0, 10) : dayjs(value).format('YYYY-MM-DD');

// Escape inside the dropdown closes the dropdown only, not a dialog around the field (Mantine's own
// date pickers pass the same flag to their calendars).
const STOP_ESCAPE = { 'data-mantine-stop-propagation': true } as const;
const calendarStopsEscape = { __stopPropagation: true } as Partial<DatePickerProps>;

export interface DateTimeFieldProps {
  label: string;
  description?: ReactNode;
  required?: boolean;
  /** Shows a button that empties the field (named `clearLabel`). */
  clearable?: boolean;
  clearLabel?: string;
  /** A wall-clock value "YYYY-MM-DD HH:mm:ss" (no time zone: the form knows which) or null. */
  value?: string | null;
  onChange: (value: string | null) => void;
  error?: ReactNode;
  onFocus?: FocusEventHandler<HTMLButtonElement>;
  onBlur?: FocusEventHandler<HTMLButtonElement>;
}

/**
 * A date and a time of day. The field shows the value in the reader's language; its dropdown has a
 * calendar and a time typed as people type times ("1930", "930", "7:30 pm", "19h30", "下午7点": see
 * lib/typed-time.ts), in every language and on either clock. A time it cannot read is an error under
 * the time, never a guess, and is not taken; once read, it is shown back in the language's format.
 *
 * Choosing a day takes it at once with the time typed (midnight if none) and moves to the time; the
 * time is taken when it is left, with Enter or the confirm button (which also closes), or when the
 * dropdown closes — never half-typed. Keyboard: Tab through month arrows, the day (arrows move it,
 * Enter takes it), the time and the confirm button; Escape closes; focus returns to the field.
 */
export function DateTimeField({
  label,
  description,
  required,
  clearable,
  clearLabel,
  value,
  onChange,
  error,
  onFocus,
  onBlur,
}: DateTimeFieldProps) {
  const { t, i18n } = useLingui();
  const locale = isLocale(i18n.locale) ? i18n.locale : 'en';
  const [opened, setOpened] = useState(false);
  const [day, setDay] = useState<string | null>(null);
  const [text, setText] = useState('');
  const [timeError, setTimeError] = useState<string | null>(null);
  const [focusTime, setFocusTime] = useState(0);
  const timeRef = useRef<HTMLInputElement>(null);
  /** The time was just focused after a day was chosen: the first character typed replaces it all. */
  const replaceOnType = useRef(false);
  const committed = split(value);
  const example = formatTimeOfDay('19:30', locale);
  const notATime = t`Enter a time such as ${example}.`;

  // After a day is chosen, the time is next: focused and selected, so typing replaces it.
  useEffect(() => {
    if (!focusTime) return;
    timeRef.current?.focus();
    timeRef.current?.select();
    replaceOnType.current = true;
  }, [focusTime]);

  const commit = (d: string, time: string) => {
    const next = `${d} ${time}:00`;
    if (next !== value) onChange(next);
  };

  /** Reads the typed time: shows it back in the language's format (and takes it), or says it is no time. */
  const settleTime = (d: string | null): boolean => {
    const time = parseTypedTime(text, locale);
    if (!time) {
      if (d || text.trim()) setTimeError(notATime);
      return false;
    }
    setText(formatTimeOfDay(time, locale));
    setTimeError(null);
    if (d) commit(d, time);
    return true;
  };

  const handlers = {
    open: () => {
      setDay(committed?.day ?? null);
      setText(committed ? formatTimeOfDay(committed.time, locale) : '');
      setTimeError(null);
      setOpened(true);
    },
    close: () => {
      // Closed by Escape or a click outside: a time that reads is taken, one that does not is dropped.
      const time = day ? parseTypedTime(text, locale) : null;
      if (day && time) commit(day, time);
      setOpened(false);
    },
    toggle: () => (opened ? handlers.close() : handlers.open()),
    set: (open: boolean) => (open ? handlers.open() : handlers.close()),
  };

  const pickDay = (picked: DateValue) => {
    const d = dayOf(picked);
    if (!d) return;
    setDay(d);
    if (!text.trim()) {
      setText(formatTimeOfDay('00:00', locale));
      setTimeError(null);
      commit(d, '00:00');
    } else {
      settleTime(d);
    }
    setFocusTime((n) => n + 1);
  };

  const confirm = () => {
    if (!day) {
      setOpened(false);
      return;
    }
    if (settleTime(day)) setOpened(false);
    else timeRef.current?.focus();
  };

  return (
    <PickerInputBase
      label={label}
      description={description}
      required={required}
      error={error}
      onFocus={onFocus}
      onBlur={onBlur}
      clearable={clearable}
      clearButtonProps={clearLabel ? { 'aria-label': clearLabel } : undefined}
      formattedValue={value ? wallClockFormatter(locale)(value) : null}
      dropdownOpened={opened}
      dropdownHandlers={handlers}
      onClear={() => onChange(null)}
      shouldClear={Boolean(value)}
      value={value ?? null}
      type="default"
      withTime
      popoverProps={{ returnFocus: true }}
    >
      <Stack gap="sm">
        <DatePicker
          {...calendarStopsEscape}
          value={day}
          defaultDate={day ?? committed?.day ?? undefined}
          onChange={pickDay}
          ariaLabels={{
            previousMonth: t`Previous month`,
            nextMonth: t`Next month`,
            previousYear: t`Previous year`,
            nextYear: t`Next year`,
            previousDecade: t`Previous decade`,
            nextDecade: t`Next decade`,
          }}
        />
        <TextInput
          ref={timeRef}
          label={t`Time`}
          placeholder={example}
          value={text}
          error={timeError}
          autoComplete="off"
          {...STOP_ESCAPE}
          onChange={(e) => {
            const next = e.currentTarget.value;
            setText(next);
            if (timeError && parseTypedTime(next, locale)) setTimeError(null);
          }}
          onBlur={() => {
            if (text.trim() || day) settleTime(day);
          }}
          onMouseDown={() => {
            // Placing the caret by hand: typing goes where it was put.
            replaceOnType.current = false;
          }}
          onKeyDown={(e) => {
            // Typing over the time just shown ("1930" is 19:30, never "0:001930"), whatever became of its
            // selection in between (a re-render, focus moved away and back).
            if (replaceOnType.current && !['Shift', 'Control', 'Alt', 'Meta'].includes(e.key)) {
              replaceOnType.current = false;
              if (e.key.length === 1 && !e.ctrlKey && !e.metaKey && !e.altKey) e.currentTarget.select();
            }
            if (e.key !== 'Enter') return;
            e.preventDefault();
            confirm();
          }}
          inputContainer={(input) => (
            <Group gap="xs" wrap="nowrap" align="flex-start">
              <div style={{ flex: 1 }}>{input}</div>
              <ActionIcon
                variant="default"
                size="input-sm"
                aria-label={t`Confirm date and time`}
                onClick={confirm}
                {...STOP_ESCAPE}
              >
                <IconCheck size={18} aria-hidden />
              </ActionIcon>
            </Group>
          )}
        />
      </Stack>
    </PickerInputBase>
  );
}
