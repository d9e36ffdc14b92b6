import '@mantine/core/styles/Chip.css';
import '@mantine/core/styles/Combobox.css';
import '@mantine/core/styles/FloatingIndicator.css';
import '@mantine/core/styles/Grid.css';
import '@mantine/core/styles/List.css';
import '@mantine/core/styles/NumberInput.css';
import '@mantine/core/styles/Pill.css';
import '@mantine/core/styles/PillsInput.css';
import '@mantine/core/styles/Popover.css';
import '@mantine/core/styles/Radio.css';
import '@mantine/core/styles/ScrollArea.css';
import '@mantine/core/styles/SegmentedControl.css';
import '@mantine/dates/styles.css';

import {
  DATE_RULE_FREQUENCIES,
  type DateRuleBody,
  dateRuleBody,
  type DateRuleFrequency,
  EVENT_DATES_MAX,
  formatDate,
  formatNumber,
  isLocale,
  toZonedPickerValue,
  type Weekday,
  WEEKDAYS,
} from '@admitone/shared';
import { plural } from '@lingui/core/macro';
import { Trans, useLingui } from '@lingui/react/macro';
import {
  Alert,
  Card,
  Chip,
  Grid,
  Group,
  Input,
  List,
  NumberInput,
  Radio,
  Select,
  SimpleGrid,
  Stack,
  TagsInput,
  Text,
  TextInput,
  Title,
} from '@mantine/core';
import { type DateFormatter, DatePickerInput } from '@mantine/dates';
import { useForm } from '@mantine/form';
import { notifications } from '@mantine/notifications';
import { IconAlertTriangle, IconCalendarRepeat } from '@tabler/icons-react';
import { useCallback, useDeferredValue, useMemo } from 'react';

import { FormActions, FormStack } from '../../../components/FormActions';
import { SegmentedField } from '../../../components/SegmentedField';
import { WallClockProvider } from '../../../components/WallClockPicker';
import { useFormError } from '../../../lib/form-submit';
import { formatTimeOfDay, parseTypedTime } from '../../../lib/typed-time';
import { useSchemaValidation } from '../../../lib/validation';
import { useGenerateEventDates } from '../api/event-dates';
import { previewRule } from '../date-rule-preview';
import { dayInstant, type EditableStatus, formatDay, weekdayNames } from '../event-date-view';
import { DateCapacityInput, DateStatusSelect } from './DateFields';

const NTHS = ['1', '2', '3', '4', '-1'] as const;
type Nth = (typeof NTHS)[number];

export interface RuleValues {
  frequency: DateRuleFrequency;
  interval: number | string;
  weekdays: Weekday[];
  monthly: 'DAY' | 'NTH';
  nth: Nth;
  nthWeekday: Weekday;
  start_on: string | null;
  ends: 'UNTIL' | 'COUNT';
  until: string | null;
  count: number | string;
  timeMode: 'TIMES' | 'SLOTS';
  /** The times as typed and shown back in the reader's language ("7:30 PM"). */
  times: string[];
  slotFrom: string;
  slotTo: string;
  every: number | string;
  duration: number | string;
  exceptions: string[];
  label: string;
  capacity: number | string;
  status: EditableStatus;
}

const pad = (n: number) => String(n).padStart(2, '0');
const dayjsDay = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
const numberOr = (v: number | string) => (typeof v === 'number' ? v : undefined);

/** The request a rule form's values make; a time that does not read is sent as typed (and refused as such). */
export function toRuleBody(v: RuleValues, locale: string): DateRuleBody {
  const time = (text: string) => parseTypedTime(text, locale) ?? text;
  return {
    frequency: v.frequency,
    interval: numberOr(v.interval),
    weekdays: v.frequency === 'WEEKLY' ? v.weekdays : [],
    monthly_nth:
      v.frequency === 'MONTHLY' && v.monthly === 'NTH' ? { nth: Number(v.nth) as 1, weekday: v.nthWeekday } : null,
    start_on: v.start_on ?? '',
    until: v.ends === 'UNTIL' ? (v.until ?? '') : null,
    // An emptied number is left out so it reads "required" rather than "no end".
    count: v.ends === 'COUNT' ? (numberOr(v.count) ?? ('' as unknown as number)) : null,
    times: v.timeMode === 'TIMES' ? v.times.map(time) : null,
    slots:
      v.timeMode === 'SLOTS'
        ? { from: time(v.slotFrom), to: time(v.slotTo), every_minutes: numberOr(v.every) as number }
        : null,
    duration_minutes: numberOr(v.duration) ?? null,
    exceptions: v.exceptions,
    label: v.label.trim() || null,
    capacity: numberOr(v.capacity) ?? null,
    status: v.status,
  };
}

/** Problems of the request's fields, put on the form's fields (`times.0` on the times, `slots.to` on "To"). */
const FIELD_OF: [RegExp, keyof RuleValues][] = [
  [/^times(\.|$)/, 'times'],
  [/^exceptions(\.|$)/, 'exceptions'],
  [/^slots\.from$/, 'slotFrom'],
  [/^slots\.to$/, 'slotTo'],
  [/^slots(\.every_minutes)?$/, 'every'],
  [/^monthly_nth(\.|$)/, 'nth'],
  [/^duration_minutes$/, 'duration'],
];
export function toFormFields(errors: Record<string, string>): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [key, message] of Object.entries(errors)) {
    const field = FIELD_OF.find(([pattern]) => pattern.test(key))?.[1] ?? key;
    out[field] ??= message;
  }
  return out;
}

interface DateRuleFormProps {
  eventId: number;
  timeZone: string;
  /** How many dates the event has already (an event holds at most EVENT_DATES_MAX). */
  existing: number;
  onDone: () => void;
}

/**
 * Many dates from a rule: daily, weekly on chosen days or monthly (on a day or the nth weekday), from a day
 * until a day or for a number of days, at set times or in time slots, with days left out. Beside it, what
 * the rule makes: how many dates and the first few, worked out as it is typed.
 */
export function DateRuleForm({ eventId, timeZone, existing, onDone }: DateRuleFormProps) {
  const { t, i18n } = useLingui();
  const locale = isLocale(i18n.locale) ? i18n.locale : 'en';
  const generate = useGenerateEventDates(eventId);
  const toBody = useCallback((v: RuleValues) => toRuleBody(v, locale), [locale]);
  const schemaErrors = useSchemaValidation<RuleValues>(dateRuleBody, toBody);
  const validate = useCallback((v: RuleValues) => toFormFields(schemaErrors(v)), [schemaErrors]);
  const now = toZonedPickerValue(new Date(), timeZone);
  const tomorrow = toZonedPickerValue(new Date(Date.now() + 86_400_000), timeZone).slice(0, 10);
  const form = useForm<RuleValues>({
    initialValues: {
      frequency: 'WEEKLY',
      interval: 1,
      weekdays: [WEEKDAYS[(dayInstant(tomorrow).getUTCDay() + 6) % 7]!],
      monthly: 'DAY',
      nth: '1',
      nthWeekday: 'SA',
      start_on: tomorrow,
      ends: 'COUNT',
      until: null,
      count: 10,
      timeMode: 'TIMES',
      times: [formatTimeOfDay('19:30', locale)],
      slotFrom: formatTimeOfDay('10:00', locale),
      slotTo: formatTimeOfDay('17:00', locale),
      every: 30,
      duration: '',
      exceptions: [],
      label: '',
      capacity: '',
      status: 'ON_SALE',
    },
    validate,
  });
  const formError = useFormError((errors) => form.setErrors(toFormFields(errors)));
  const v = form.values;

  const shortDays = weekdayNames(locale, 'short');
  const longDays = weekdayNames(locale, 'long');
  const frequencyLabels: Record<DateRuleFrequency, string> = {
    DAILY: t`Daily`,
    WEEKLY: t`Weekly`,
    MONTHLY: t`Monthly`,
  };
  const every = typeof v.interval === 'number' ? v.interval : 1;
  const intervalUnit = {
    DAILY: plural(every, { one: 'day', other: 'days' }),
    WEEKLY: plural(every, { one: 'week', other: 'weeks' }),
    MONTHLY: plural(every, { one: 'month', other: 'months' }),
  }[v.frequency];
  // "The [first] [Saturday]": words that read together (German "Am [ersten] [Samstag]").
  const nthLabels: Record<Nth, string> = {
    '1': t({ message: 'First', context: 'nth weekday of a month' }),
    '2': t({ message: 'Second', context: 'nth weekday of a month' }),
    '3': t({ message: 'Third', context: 'nth weekday of a month' }),
    '4': t({ message: 'Fourth', context: 'nth weekday of a month' }),
    '-1': t({ message: 'Last', context: 'nth weekday of a month' }),
  };
  // The day fields in the reader's language ("Dec 5, 2026"), as the rest of the screen writes days.
  const days: DateFormatter = ({ date }) =>
    [date]
      .flat()
      .filter((d) => d !== null && d !== undefined)
      .map((d) => formatDay(typeof d === 'string' ? d.slice(0, 10) : dayjsDay(d as Date), locale))
      .join(', ');
  const startDay = v.start_on ? Number(v.start_on.slice(8, 10)) : null;

  // A time typed is shown back in the language's format; one that does not read stays as typed (an error).
  const tidyTime = (text: string) => {
    const time = parseTypedTime(text, locale);
    return time ? formatTimeOfDay(time, locale) : text.trim();
  };

  const submit = (values: RuleValues) =>
    generate.mutate(
      toBody(values),
      formError.handle((made) => {
        notifications.show({
          color: 'teal',
          message: plural(made.length, { one: '# date added', other: '# dates added' }),
        });
        onDone();
      }),
    );

  return (
    <WallClockProvider>
      <FormStack onSubmit={form.onSubmit(submit)} error={formError.error}>
        <Grid gap="xl">
          <Grid.Col span={{ base: 12, md: 7 }}>
            <Stack gap="md">
              <Title order={3} fz="md">
                <Trans>Repeats</Trans>
              </Title>
              <SegmentedField
                label={t`Frequency`}
                data={DATE_RULE_FREQUENCIES.map((f) => ({ value: f, label: frequencyLabels[f] }))}
                {...form.getInputProps('frequency')}
              />
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
                <NumberInput
                  label={t`Every`}
                  rightSection={
                    <Text size="sm" c="dimmed" pr="sm">
                      {intervalUnit}
                    </Text>
                  }
                  rightSectionWidth="auto"
                  min={1}
                  max={52}
                  allowDecimal={false}
                  allowNegative={false}
                  {...form.getInputProps('interval')}
                />
                <DatePickerInput
                  label={t`Starts on`}
                  required
                  valueFormatter={days}
                  minDate={now.slice(0, 10)}
                  {...form.getInputProps('start_on')}
                />
              </SimpleGrid>
              {v.frequency === 'WEEKLY' ? (
                <Input.Wrapper label={t`On these days`} labelElement="div" required error={form.errors.weekdays}>
                  <Chip.Group
                    multiple
                    value={v.weekdays}
                    onChange={(days) => form.setFieldValue('weekdays', days as Weekday[])}
                  >
                    <Group gap={6} mt={6} role="group" aria-label={t`On these days`}>
                      {WEEKDAYS.map((day, i) => (
                        <Chip key={day} value={day} size="sm" aria-label={longDays[i]}>
                          {shortDays[i]}
                        </Chip>
                      ))}
                    </Group>
                  </Chip.Group>
                </Input.Wrapper>
              ) : null}
              {v.frequency === 'MONTHLY' ? (
                <Radio.Group label={t`On`} {...form.getInputProps('monthly')}>
                  <Stack gap="xs" mt={6}>
                    <Radio
                      value="DAY"
                      label={startDay ? t`Day ${startDay} of each month` : t`The start day's day of the month`}
                    />
                    <Group gap="sm" align="center" wrap="nowrap">
                      <Radio
                        value="NTH"
                        label={t({ message: 'The', context: 'nth weekday of a month' })}
                        aria-label={t`The weekday chosen here, each month`}
                      />
                      <Select
                        aria-label={t`Which one`}
                        allowDeselect={false}
                        disabled={v.monthly !== 'NTH'}
                        data={NTHS.map((n) => ({ value: n, label: nthLabels[n] }))}
                        w={130}
                        error={form.errors.nth}
                        {...form.getInputProps('nth')}
                      />
                      <Select
                        aria-label={t`Day of the week`}
                        allowDeselect={false}
                        disabled={v.monthly !== 'NTH'}
                        data={WEEKDAYS.map((d, i) => ({ value: d, label: longDays[i]! }))}
                        w={150}
                        {...form.getInputProps('nthWeekday')}
                      />
                    </Group>
                  </Stack>
                </Radio.Group>
              ) : null}
              <Radio.Group label={t`Ends`} {...form.getInputProps('ends')}>
                <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" mt={6}>
                  <Stack gap={6}>
                    <Radio value="COUNT" label={t`After a number of days`} />
                    <NumberInput
                      aria-label={t`Number of days`}
                      disabled={v.ends !== 'COUNT'}
                      min={1}
                      max={EVENT_DATES_MAX}
                      allowDecimal={false}
                      allowNegative={false}
                      {...form.getInputProps('count')}
                    />
                  </Stack>
                  <Stack gap={6}>
                    <Radio value="UNTIL" label={t`On a day`} />
                    <DatePickerInput
                      aria-label={t`Last day`}
                      disabled={v.ends !== 'UNTIL'}
                      valueFormatter={days}
                      minDate={v.start_on ?? undefined}
                      {...form.getInputProps('until')}
                    />
                  </Stack>
                </SimpleGrid>
              </Radio.Group>

              <Title order={3} fz="md" mt="sm">
                <Trans>Times</Trans>
              </Title>
              <SegmentedField
                label={t`Each day`}
                data={[
                  { value: 'TIMES', label: t`At set times` },
                  { value: 'SLOTS', label: t`In time slots` },
                ]}
                {...form.getInputProps('timeMode')}
              />
              {v.timeMode === 'TIMES' ? (
                <TagsInput
                  label={t`Start times`}
                  description={t`Type a time and press Enter; add as many as you need.`}
                  placeholder={formatTimeOfDay('19:30', locale)}
                  splitChars={[',', ';']}
                  clearable
                  clearButtonProps={{ 'aria-label': t`Clear the start times` }}
                  {...form.getInputProps('times')}
                  onChange={(times) => form.setFieldValue('times', [...new Set(times.map(tidyTime))])}
                />
              ) : (
                <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="md">
                  <TextInput
                    label={t`From`}
                    {...form.getInputProps('slotFrom')}
                    onBlur={() => form.setFieldValue('slotFrom', tidyTime(v.slotFrom))}
                  />
                  <TextInput
                    label={t`Until`}
                    description={t`The last slot starts before this.`}
                    {...form.getInputProps('slotTo')}
                    onBlur={() => form.setFieldValue('slotTo', tidyTime(v.slotTo))}
                  />
                  <NumberInput
                    label={t`Every (minutes)`}
                    min={5}
                    max={720}
                    step={5}
                    allowDecimal={false}
                    allowNegative={false}
                    {...form.getInputProps('every')}
                  />
                </SimpleGrid>
              )}
              <NumberInput
                label={t`Duration (minutes)`}
                description={t`Gives each date its end. Empty: the dates have no end.`}
                min={1}
                allowDecimal={false}
                allowNegative={false}
                {...form.getInputProps('duration')}
              />
              <DatePickerInput
                type="multiple"
                label={t`Leave out these days`}
                description={t`Holidays and other days without a date.`}
                valueFormatter={days}
                clearable
                clearButtonProps={{ 'aria-label': t`Clear the days left out` }}
                minDate={v.start_on ?? undefined}
                {...form.getInputProps('exceptions')}
              />

              <Title order={3} fz="md" mt="sm">
                <Trans>Each date</Trans>
              </Title>
              <TextInput label={t`Label`} description={t`Optional, e.g. "Matinee".`} {...form.getInputProps('label')} />
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
                <DateCapacityInput {...form.getInputProps('capacity')} />
                <DateStatusSelect {...form.getInputProps('status')} />
              </SimpleGrid>
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 5 }}>
            <RulePreviewCard values={v} locale={locale} now={now} existing={existing} />
          </Grid.Col>
        </Grid>
        <FormActions onCancel={onDone} loading={generate.isPending}>
          <Trans>Add dates</Trans>
        </FormActions>
      </FormStack>
    </WallClockProvider>
  );
}

interface RulePreviewCardProps {
  values: RuleValues;
  locale: string;
  /** The event's wall clock now ("2026-12-04 09:15:00"). */
  now: string;
  existing: number;
}

/** How many dates the rule makes and the first few, or why it makes none yet. */
function RulePreviewCard({ values, locale, now, existing }: RulePreviewCardProps) {
  const { t } = useLingui();
  // The preview follows the typing a moment behind it: a long rule takes a few milliseconds to expand.
  const deferred = useDeferredValue(values);
  const preview = useMemo(() => {
    const parsed = dateRuleBody.safeParse(toRuleBody(deferred, locale));
    return parsed.success ? previewRule(parsed.data) : null;
  }, [deferred, locale]);
  const startOf = (wall: string) => {
    const day = formatDate(dayInstant(wall.slice(0, 10)), 'UTC', locale);
    const time = formatTimeOfDay(wall.slice(11, 16), locale);
    return `${day} · ${time}`;
  };
  const more = preview ? formatNumber(preview.count - preview.first.length, locale) : '';
  const max = formatNumber(EVENT_DATES_MAX, locale);
  const have = formatNumber(existing, locale);
  const past = preview?.first[0] !== undefined && preview.first[0] <= now.slice(0, 16).replace(' ', 'T');
  const warning = (message: string) => (
    <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} aria-hidden />} p="xs">
      {message}
    </Alert>
  );

  return (
    <Card withBorder radius="md" bg="var(--mantine-color-violet-0)" style={{ position: 'sticky', top: 0 }}>
      <Stack gap="sm" aria-live="polite" data-testid="rule-preview">
        <Group gap="xs" wrap="nowrap">
          <IconCalendarRepeat size={20} aria-hidden color="var(--mantine-color-violet-7)" />
          <Title order={3} fz="md">
            <Trans>Preview</Trans>
          </Title>
        </Group>
        {preview === null ? (
          <Text size="sm" c="dimmed">
            <Trans>Complete the rule to see its dates.</Trans>
          </Text>
        ) : preview.count === 0 ? (
          warning(t`This rule makes no dates.`)
        ) : (
          <>
            <Text fw={700} fz="xl">
              {preview.capped ? t`More than ${max} dates` : plural(preview.count, { one: '# date', other: '# dates' })}
            </Text>
            <List size="sm" spacing={4} aria-label={t`First dates`}>
              {preview.first.map((wall) => (
                <List.Item key={wall}>{startOf(wall)}</List.Item>
              ))}
            </List>
            {preview.count > preview.first.length ? (
              <Text size="sm" c="dimmed">
                <Trans>and {more} more</Trans>
              </Text>
            ) : null}
            {preview.capped
              ? warning(t`An event may have at most ${max} dates.`)
              : existing + preview.count > EVENT_DATES_MAX
                ? warning(t`The event has ${have} dates already; it may have at most ${max}.`)
                : null}
            {past ? warning(t`The first date is in the past: dates must start in the future.`) : null}
          </>
        )}
      </Stack>
    </Card>
  );
}
