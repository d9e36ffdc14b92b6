import { isLocale, type PublicOrderDto } from '@admitone/shared';
import { Trans, useLingui } from '@lingui/react/macro';
import { Alert, Button, Checkbox, Divider, Group, Stack, Text, Title, VisuallyHidden } from '@mantine/core';
import { useForm } from '@mantine/form';
import { IconCopy } from '@tabler/icons-react';
import { useRef, useState } from 'react';

import { FormErrorAlert } from '../../components/FormErrorAlert';
import { isApiError } from '../../lib/api-error';
import { applyFieldErrors } from '../../lib/form-submit';
import { navigate } from '../../lib/history-navigation';
import { newIdempotencyKey } from '../lib/public-api';
import { recoveredBuyers } from '../lib/recovered-buyer';
import { AttendeeFieldset } from './AttendeeFieldset';
import {
  copyBuyerToAttendees,
  type DetailsValues,
  initialDetailsValues,
  invoiceModeOf,
  isFormPath,
  namedAttendees,
  orderQuestions,
  questionsForTicket,
  toDetailsBody,
  validateDetails,
} from './details-form';
import type { AnswerUpload } from './FileAnswerField';
import { InvoiceFields } from './InvoiceFields';
import { saveOrderDetails, uploadAnswerFile } from './order-api';
import { type BuyerState, stateOfError } from './order-state';
import { checkoutPath } from './paths';
import { PersonFields } from './PersonFields';
import { QuestionField } from './QuestionField';

interface DetailsFormProps {
  order: PublicOrderDto;
  /** The order can no longer be worked on here (expired, taken over, settled). */
  onState: (state: BuyerState) => void;
  /** The order changed elsewhere (no longer editable): load it again and go where it belongs. */
  onStale: () => void;
}

/** Buyer, one block per ticket holder, and the order questions; sent with `PUT .../details`. */
export function DetailsForm({ order, onState, onStale }: DetailsFormProps) {
  const { t, i18n } = useLingui();
  const formRef = useRef<HTMLFormElement>(null);
  const [error, setError] = useState<unknown>(null);
  const [invalid, setInvalid] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [copied, setCopied] = useState('');
  const named = namedAttendees(order);
  const form = useForm<DetailsValues>({
    // Without a buyer yet: the one a `?recover=` link brought back to the event page, if any.
    initialValues: initialDetailsValues(order, order.buyer ? null : recoveredBuyers.get(order.event.id)),
    validate: (values) =>
      validateDetails(values, order, {
        required: t`This field is required.`,
        invalidEmail: t`Enter a valid e-mail address.`,
      }),
  });
  const eventId = order.event.id;
  const orderQs = orderQuestions(order.questions);
  // FILE answers are uploaded as they are chosen, for the attendee (short id) or the order (null).
  const uploadFor =
    (attendee: string | null): AnswerUpload =>
    (questionId, file) =>
      uploadAnswerFile(eventId, order.short_id, questionId, attendee, file);

  // After a failed check, move to the first field that needs attention.
  const focusFirstError = () =>
    requestAnimationFrame(() =>
      formRef.current?.querySelector<HTMLElement>('[aria-invalid="true"], [data-error] input')?.focus(),
    );

  const submit = form.onSubmit(
    (values) => {
      setInvalid(false);
      setError(null);
      setSubmitting(true);
      saveOrderDetails(
        eventId,
        order.short_id,
        toDetailsBody(values, isLocale(i18n.locale) ? i18n.locale : undefined, order),
        newIdempotencyKey(),
      )
        .then((saved) => {
          recoveredBuyers.clear(eventId);
          navigate(checkoutPath(eventId, saved.short_id, saved.status === 'RESERVED' ? 'payment' : 'summary'));
        })
        .catch((e: unknown) => {
          setSubmitting(false);
          if (applyFieldErrors(e, form.setErrors as (errors: Record<string, string>) => void)) {
            setInvalid(true);
            // Errors about no field on this form (e.g. `attendees`) also show the server's message.
            if (isApiError(e) && Object.keys(e.fieldErrors).some((path) => !isFormPath(path))) setError(e);
            focusFirstError();
            return;
          }
          const state = stateOfError(e);
          if (state !== 'error' && state !== 'not_found') onState(state);
          else if (isApiError(e) && e.code === 'ORDER_NOT_EDITABLE') onStale();
          else setError(e);
        });
    },
    () => {
      setInvalid(true);
      focusFirstError();
    },
  );

  const copyBuyer = () => {
    form.setFieldValue('attendees', copyBuyerToAttendees(form.getValues()));
    setCopied(t`Buyer details copied to all attendees.`);
  };

  return (
    <form ref={formRef} onSubmit={submit} noValidate aria-labelledby="details-heading">
      <Stack gap="lg">
        <Title order={2} size="h3" id="details-heading">
          <Trans>Your details</Trans>
        </Title>
        <Text size="sm" c="dimmed">
          <Trans>Fields marked with * are required.</Trans>
        </Text>
        <Stack gap="sm">
          <PersonFields form={form} prefix="" />
          {order.checkout_recovery && (
            <Checkbox
              label={t`Send me one reminder with a link back to my order if I don't finish`}
              description={t`Only once, only for this event. Nothing is held for you meanwhile.`}
              {...form.getInputProps('recovery_consent', { type: 'checkbox' })}
            />
          )}
        </Stack>

        {named.length > 0 && (
          <>
            <Divider />
            <Group justify="space-between" align="center">
              <Title order={2} size="h3">
                <Trans>Ticket holders</Trans>
              </Title>
              {/* The label wraps on a phone: in German or French it is wider than the screen. */}
              <Button
                variant="light"
                leftSection={<IconCopy size={16} aria-hidden />}
                onClick={copyBuyer}
                maw="100%"
                styles={{
                  root: { height: 'auto', minHeight: 36, paddingBlock: 6 },
                  label: { whiteSpace: 'normal', textAlign: 'start' },
                }}
              >
                <Trans>Copy buyer details to all attendees</Trans>
              </Button>
            </Group>
            <VisuallyHidden role="status" aria-live="polite">
              {copied}
            </VisuallyHidden>
            {named.map((a, i) => (
              <AttendeeFieldset
                key={a.short_id}
                form={form}
                index={i}
                count={named.length}
                attendee={a}
                questions={questionsForTicket(order.questions, a.ticket_id)}
                upload={uploadFor(a.short_id)}
              />
            ))}
          </>
        )}

        {orderQs.length > 0 && (
          <>
            <Divider />
            <Title order={2} size="h3">
              <Trans>About your order</Trans>
            </Title>
            {orderQs.map((q) => (
              <QuestionField key={q.id} question={q} form={form} path={`answers.${q.id}`} upload={uploadFor(null)} />
            ))}
          </>
        )}

        <InvoiceFields form={form} mode={invoiceModeOf(order)} />

        {invalid && Object.keys(form.errors).length > 0 && (
          <Alert color="red" variant="light" role="alert">
            <Trans>Please correct the highlighted fields.</Trans>
          </Alert>
        )}
        <FormErrorAlert error={error} />
        <Group justify="flex-end">
          <Button type="submit" size="md" loading={submitting}>
            {order.totals.total === 0 ? <Trans>Get my tickets</Trans> : <Trans>Continue to payment</Trans>}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
