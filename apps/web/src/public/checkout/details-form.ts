import {
  ADDRESS_PARTS,
  type AddressAnswer,
  type AnswerValue,
  type InvoiceMode,
  isAddressAnswer,
  isFileAnswer,
  type Locale,
  type OrderDetailsBody,
  type OrderEventDto,
  type PublicOrderDto,
  type PublicQuestionDto,
  REQUIRED_ADDRESS_PARTS,
} from '@admitone/shared';

import { EMPTY_ADDRESS } from '../../components/AddressField';
import type { InvoicePartyValues } from '../../components/InvoicePartyFields';

export interface AttendeeValues {
  short_id: string;
  first_name: string;
  last_name: string;
  email: string;
  answers: Record<string, AnswerValue>;
}

/** The details form: buyer, one block per attendee, order answers (keyed by question id). */
export interface DetailsValues {
  first_name: string;
  last_name: string;
  email: string;
  attendees: AttendeeValues[];
  answers: Record<string, AnswerValue>;
  /** The buyer agrees to one mail bringing them back should they not finish (asked only where the event sends it). */
  recovery_consent: boolean;
  /** Who the invoice is for (asked only where the event issues invoices: `order.event.invoice_mode`). */
  invoice: InvoiceValues;
}

/** The invoice part of the details form, at the paths the server's field errors name (`invoice.address.city`). */
export interface InvoiceValues extends InvoicePartyValues {
  /** The buyer asks for an invoice (an event issuing them on request); always true where the event always does. */
  requested: boolean;
}

/** The parts of the invoice address a letter needs (the server asks for them too: modules/invoices). */
export const INVOICE_ADDRESS_NEEDED = ['address_line_1', 'zip_or_postal_code', 'city', 'country'] as const;

/** Every invoice field's form path (the paths of the server's field errors). */
export const INVOICE_PATHS = [
  'invoice.company',
  'invoice.vat_number',
  'invoice.address.address_line_1',
  'invoice.address.address_line_2',
  'invoice.address.zip_or_postal_code',
  'invoice.address.city',
  'invoice.address.state_or_region',
  'invoice.address.country',
] as const;

/** Whether the event issues invoices: never (also an API that does not say), on request, always. */
export const invoiceModeOf = (order: { event?: Pick<OrderEventDto, 'invoice_mode'> }): InvoiceMode =>
  order.event?.invoice_mode ?? 'NONE';

/**
 * The invoice address is needed from anyone asking for an invoice on request, and where every order gets one from a
 * business buyer (a company or a VAT number given); a private buyer's invoice may go without it.
 */
export function invoiceAddressNeeded(mode: InvoiceMode, v: InvoiceValues): boolean {
  if (mode === 'ON_REQUEST') return v.requested;
  if (mode === 'ALWAYS') return Boolean(v.company.trim() || v.vat_number.trim());
  return false;
}

/** The invoice fields as the buyer last saved them (a buyer coming back from the payment step), else empty. */
export function initialInvoiceValues(order: Pick<PublicOrderDto, 'event' | 'invoice_details'>): InvoiceValues {
  const saved = order.invoice_details;
  const address = saved?.address;
  return {
    requested: invoiceModeOf(order) === 'ALWAYS' || Boolean(saved?.requested),
    company: saved?.company ?? '',
    vat_number: saved?.vat_number ?? '',
    address: {
      address_line_1: address?.address_line_1 ?? '',
      address_line_2: address?.address_line_2 ?? '',
      zip_or_postal_code: address?.zip_or_postal_code ?? '',
      city: address?.city ?? '',
      state_or_region: address?.state_or_region ?? '',
      country: address?.country ?? '',
    },
  };
}

/** Attendee questions asked for a ticket (`ticket_ids` empty: every ticket). */
export const questionsForTicket = (questions: PublicQuestionDto[], ticketId: number): PublicQuestionDto[] =>
  questions.filter(
    (q) => q.applies_to === 'ATTENDEE' && (q.ticket_ids.length === 0 || q.ticket_ids.includes(ticketId)),
  );

export const orderQuestions = (questions: PublicQuestionDto[]): PublicQuestionDto[] =>
  questions.filter((q) => q.applies_to === 'ORDER');

const emptyAnswer = (q: PublicQuestionDto): AnswerValue =>
  q.type === 'CHECKBOX' ? [] : q.type === 'ADDRESS' ? { ...EMPTY_ADDRESS } : '';

function answersFor(
  questions: PublicQuestionDto[],
  order: PublicOrderDto,
  attendeeShortId: string | null,
): Record<string, AnswerValue> {
  const out: Record<string, AnswerValue> = {};
  for (const q of questions) {
    const saved = order.answers.find((a) => a.question_id === q.id && a.attendee_short_id === attendeeShortId);
    const value = saved?.answer ?? emptyAnswer(q);
    // A FILE question keeps the file uploaded for it (or nothing: '').
    if (q.type === 'FILE' || isFileAnswer(value)) {
      out[String(q.id)] = q.type === 'FILE' && isFileAnswer(value) ? value : '';
      continue;
    }
    if (q.type === 'ADDRESS' || isAddressAnswer(value)) {
      out[String(q.id)] = isAddressAnswer(value) ? { ...EMPTY_ADDRESS, ...value } : { ...EMPTY_ADDRESS };
      continue;
    }
    out[String(q.id)] =
      q.type === 'CHECKBOX'
        ? Array.isArray(value)
          ? value
          : value
            ? [value]
            : []
        : Array.isArray(value)
          ? value.join(', ')
          : value;
  }
  return out;
}

/** The tickets the buyer names: each ticket, but a pass once (its first ticket; the others take its holder). */
export const namedAttendees = (order: Pick<PublicOrderDto, 'attendees'>) => order.attendees.filter((a) => !a.pass_of);

/**
 * Starts the form from what the order already holds (a buyer coming back from the payment step); without a buyer yet,
 * from `recovered` (the buyer of a checkout they left, brought back by the event's mail).
 */
export function initialDetailsValues(
  order: PublicOrderDto,
  recovered?: { first_name: string | null; last_name: string | null; email: string } | null,
): DetailsValues {
  const buyer = order.buyer ?? recovered;
  return {
    first_name: buyer?.first_name ?? '',
    last_name: buyer?.last_name ?? '',
    email: buyer?.email ?? '',
    attendees: namedAttendees(order).map((a) => ({
      short_id: a.short_id,
      first_name: a.first_name ?? '',
      last_name: a.last_name ?? '',
      email: a.email ?? '',
      answers: answersFor(questionsForTicket(order.questions, a.ticket_id), order, a.short_id),
    })),
    answers: answersFor(orderQuestions(order.questions), order, null),
    recovery_consent: Boolean(order.checkout_recovery && order.recovery_consent),
    invoice: initialInvoiceValues(order),
  };
}

/** Puts the buyer's name and e-mail on every attendee (answers stay). */
export const copyBuyerToAttendees = (values: DetailsValues): AttendeeValues[] =>
  values.attendees.map((a) => ({
    ...a,
    first_name: values.first_name,
    last_name: values.last_name,
    email: values.email,
  }));

/** Field-error paths that land on an input of the details form. */
export const isFormPath = (path: string): boolean =>
  /^(first_name|last_name|email|answers\.\d+(\.\w+)?|attendees\.\d+\.(first_name|last_name|email|answers\.\d+(\.\w+)?))$/.test(
    path,
  ) || (INVOICE_PATHS as readonly string[]).includes(path);

const isBlank = (value: AnswerValue | undefined): boolean =>
  value === undefined ||
  (Array.isArray(value)
    ? value.length === 0
    : isFileAnswer(value)
      ? false
      : isAddressAnswer(value)
        ? ADDRESS_PARTS.every((p) => !value[p]?.trim())
        : value.trim() === '');

/** Problems of an answer before sending: a required one left empty; an address missing what a letter needs. */
function answerProblems(q: PublicQuestionDto, value: AnswerValue | undefined, path: string, m: DetailsMessages) {
  const out: Record<string, string> = {};
  if (q.type === 'ADDRESS' && isAddressAnswer(value) && (q.required || !isBlank(value))) {
    for (const p of REQUIRED_ADDRESS_PARTS) if (!value[p].trim()) out[`${path}.${p}`] = m.required;
  } else if (q.required && isBlank(value)) out[path] = m.required;
  return out;
}

const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export interface DetailsMessages {
  required: string;
  invalidEmail: string;
}

/** Client-side checks before sending: names, e-mails and required answers. Keys are form paths. */
export function validateDetails(
  values: DetailsValues,
  order: PublicOrderDto,
  m: DetailsMessages,
): Record<string, string> {
  const errors: Record<string, string> = {};
  const person = (prefix: string, v: { first_name: string; last_name: string; email: string }) => {
    if (!v.first_name.trim()) errors[`${prefix}first_name`] = m.required;
    if (!v.last_name.trim()) errors[`${prefix}last_name`] = m.required;
    if (!v.email.trim()) errors[`${prefix}email`] = m.required;
    else if (!EMAIL.test(v.email.trim())) errors[`${prefix}email`] = m.invalidEmail;
  };
  person('', values);
  values.attendees.forEach((a, i) => {
    person(`attendees.${i}.`, a);
    const ticketId = order.attendees.find((o) => o.short_id === a.short_id)?.ticket_id ?? 0;
    for (const q of questionsForTicket(order.questions, ticketId))
      Object.assign(errors, answerProblems(q, a.answers[String(q.id)], `attendees.${i}.answers.${q.id}`, m));
  });
  for (const q of orderQuestions(order.questions))
    Object.assign(errors, answerProblems(q, values.answers[String(q.id)], `answers.${q.id}`, m));
  if (invoiceAddressNeeded(invoiceModeOf(order), values.invoice))
    for (const p of INVOICE_ADDRESS_NEEDED)
      if (!values.invoice.address[p].trim()) errors[`invoice.address.${p}`] = m.required;
  return errors;
}

function cleanAnswers(answers: Record<string, AnswerValue>): Record<string, AnswerValue> {
  const out: Record<string, AnswerValue> = {};
  for (const [id, value] of Object.entries(answers)) {
    if (isBlank(value)) continue;
    // A file answer goes back as the upload answered it (the server keeps what it stored).
    out[id] =
      Array.isArray(value) || isFileAnswer(value)
        ? value
        : isAddressAnswer(value)
          ? (Object.fromEntries(ADDRESS_PARTS.map((p) => [p, value[p].trim()])) as unknown as AddressAnswer)
          : value.trim();
  }
  return out;
}

const textOrNull = (v: string): string | null => v.trim() || null;

/**
 * The body's invoice: none where the event issues no invoices; only "not asked for" where the buyer did not tick it;
 * else what was typed, trimmed, empty parts null.
 */
function toInvoiceBody(mode: InvoiceMode, v: InvoiceValues): OrderDetailsBody['invoice'] {
  if (mode === 'NONE') return undefined;
  if (mode === 'ON_REQUEST' && !v.requested) return { requested: false };
  const a = v.address;
  return {
    requested: true,
    company: textOrNull(v.company),
    vat_number: textOrNull(v.vat_number),
    address: {
      address_line_1: textOrNull(a.address_line_1),
      address_line_2: textOrNull(a.address_line_2),
      zip_or_postal_code: textOrNull(a.zip_or_postal_code),
      city: textOrNull(a.city),
      state_or_region: textOrNull(a.state_or_region),
      country: textOrNull(a.country),
    },
  };
}

/**
 * The `PUT .../details` body: trimmed values, unanswered questions left out; the consent to the reminder only where
 * the form asks for it (`order.checkout_recovery`), the invoice only where the event issues invoices.
 */
export function toDetailsBody(
  values: DetailsValues,
  locale: Locale | undefined,
  order?: Pick<PublicOrderDto, 'checkout_recovery'> & { event?: Pick<OrderEventDto, 'invoice_mode'> },
): OrderDetailsBody {
  const invoice = order ? toInvoiceBody(invoiceModeOf(order), values.invoice) : undefined;
  return {
    first_name: values.first_name.trim(),
    last_name: values.last_name.trim(),
    email: values.email.trim(),
    attendees: values.attendees.map((a) => ({
      short_id: a.short_id,
      first_name: a.first_name.trim(),
      last_name: a.last_name.trim(),
      email: a.email.trim(),
      answers: cleanAnswers(a.answers),
    })),
    answers: cleanAnswers(values.answers),
    recovery_consent: Boolean(order?.checkout_recovery && values.recovery_consent),
    ...(locale ? { locale } : {}),
    ...(invoice ? { invoice } : {}),
  };
}
