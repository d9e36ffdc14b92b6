import '@mantine/core/styles/NumberInput.css';
import '@mantine/core/styles/SegmentedControl.css';
import '@mantine/core/styles/Switch.css';

import {
  AUTOMATION_MESSAGE_MAX,
  automationBody as automationSchema,
  type AutomationKind,
  decimalSeparator,
  formatDecimal,
} from '@admitone/shared';
import { useLingui } from '@lingui/react/macro';
import { NumberInput, Switch, Textarea, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import { useCallback } from 'react';

import { SegmentedField } from '../../../components/SegmentedField';
import { ApiError, isApiError, toFormErrors } from '../../../lib/api-error';
import { useSchemaValidation } from '../../../lib/validation';
import {
  automationFieldErrors,
  type AutomationValues,
  hoursRange,
  offsetAllowed,
  toAutomationBody,
} from '../automation-form';

/**
 * The form's checks: the shared schema for the texts and the link, and the offset in hours (its range said in hours,
 * not in the schema's minutes).
 */
export function useAutomationValidation(kind: AutomationKind) {
  const { t, i18n } = useLingui();
  const toBody = useCallback((v: AutomationValues) => toAutomationBody(kind, v), [kind]);
  const schemaErrors = useSchemaValidation<AutomationValues>(automationSchema, toBody);
  return (values: AutomationValues): Record<string, string> => {
    const { fields } = automationFieldErrors(schemaErrors(values));
    delete fields.hours;
    const range = hoursRange(kind);
    const min = formatDecimal(range.min, i18n.locale, 2);
    const max = formatDecimal(range.max, i18n.locale, 2);
    if (typeof values.hours !== 'number') fields.hours = t`Enter a number of hours.`;
    else if (!offsetAllowed(kind, values.hours)) fields.hours = t`Choose between ${min} and ${max} hours.`;
    return fields;
  };
}

/**
 * What to do with a failed save: field errors onto the fields (the offset onto the hours), anything else (an error
 * not about one of them) into the alert above the form. Returns the alert's error, or null.
 */
export function automationSaveError(error: unknown, setErrors: (errors: Record<string, string>) => void): unknown {
  if (!isApiError(error)) return error;
  const { fields, rest } = automationFieldErrors(toFormErrors(error.fieldErrors));
  if (Object.keys(fields).length) setErrors(fields);
  if (rest.length) return new ApiError(error.status, error.code, rest.join(' '));
  return Object.keys(fields).length ? null : error;
}

interface AutomationFieldsProps {
  kind: AutomationKind;
  form: UseFormReturnType<AutomationValues>;
  /** Puts the keyboard on the switch when a dialog opens. */
  autoFocus?: boolean;
}

/** On or off, when (in hours), the organizer's text; for the follow-up, who receives it and a link. */
export function AutomationFields({ kind, form, autoFocus }: AutomationFieldsProps) {
  const { t, i18n } = useLingui();
  const range = hoursRange(kind);
  const min = formatDecimal(range.min, i18n.locale, 2);
  const max = formatDecimal(range.max, i18n.locale, 2);
  const textMax = AUTOMATION_MESSAGE_MAX;

  const switchLabel = {
    REMINDER: t`Send this reminder`,
    ABANDONED_CHECKOUT: t`Send the abandoned-checkout mail`,
    FOLLOW_UP: t`Send the follow-up`,
  }[kind];
  const hoursLabel = {
    REMINDER: t`Hours before each date`,
    ABANDONED_CHECKOUT: t`Hours after the buyer leaves the checkout`,
    FOLLOW_UP: t`Hours after each date ends`,
  }[kind];
  const textDescription = {
    REMINDER: t`Optional, up to ${textMax} characters. Added to the reminder, which already has the date, the place, a map link and the tickets.`,
    ABANDONED_CHECKOUT: t`Optional, up to ${textMax} characters. Added to the mail, which already lists the tickets chosen and links back to the checkout.`,
    FOLLOW_UP: t`Optional, up to ${textMax} characters. A thank-you, what comes next, or why the survey matters.`,
  }[kind];

  return (
    <>
      <Switch
        label={switchLabel}
        data-autofocus={autoFocus || undefined}
        {...form.getInputProps('enabled', { type: 'checkbox' })}
      />
      <NumberInput
        label={hoursLabel}
        description={t`From ${min} to ${max} hours; decimals for parts of an hour (0.5 is 30 minutes).`}
        min={range.min}
        max={range.max}
        step={0.25}
        decimalScale={2}
        decimalSeparator={decimalSeparator(i18n.locale)}
        allowNegative={false}
        required
        maw={360}
        {...form.getInputProps('hours')}
      />
      {kind === 'FOLLOW_UP' ? (
        <SegmentedField
          label={t`Who receives it`}
          data={[
            { value: 'ALL', label: t`Everyone with a ticket` },
            { value: 'CHECKED_IN', label: t`Only those checked in` },
          ]}
          {...form.getInputProps('audience')}
        />
      ) : null}
      <Textarea
        label={t`Your text`}
        description={textDescription}
        autosize
        minRows={3}
        maxRows={10}
        {...form.getInputProps('message')}
      />
      {kind === 'FOLLOW_UP' ? (
        <TextInput
          label={t`Link`}
          description={t`Optional: a survey or the photos, for example. Shown as a button in the mail.`}
          placeholder="https://"
          inputMode="url"
          autoComplete="off"
          {...form.getInputProps('link_url')}
        />
      ) : null}
    </>
  );
}
