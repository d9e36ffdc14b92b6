import type { PublicOrderDto, PublicQuestionDto } from '@admitone/shared';
import { describe, expect, it } from 'vitest';

import {
  copyBuyerToAttendees,
  initialDetailsValues,
  isFormPath,
  questionsForTicket,
  toDetailsBody,
  validateDetails,
} from './details-form';

const q = (id: number, patch: Partial<PublicQuestionDto>): PublicQuestionDto => ({
  id,
  title: `Q${id}`,
  description: null,
  type: 'SINGLE_LINE_TEXT',
  options: [],
  option_labels: patch.options ?? [],
  required: false,
  applies_to: 'ATTENDEE',
  ticket_ids: [],
  ...patch,
});

const questions = [
  q(1, { type: 'DROPDOWN', required: true, options: ['S', 'M'] }),
  q(2, { ticket_ids: [20] }),
  q(3, { applies_to: 'ORDER', type: 'CHECKBOX', required: true, options: ['A', 'B'] }),
];

const order = {
  buyer: null,
  attendees: [
    { short_id: 'a1', ticket_id: 10, first_name: null, last_name: null, email: null },
    { short_id: 'a2', ticket_id: 20, first_name: null, last_name: null, email: null },
  ],
  questions,
  answers: [{ question_id: 3, attendee_short_id: null, question_title: 'Q3', answer: ['B'] }],
} as unknown as PublicOrderDto;

const messages = { required: 'required', invalidEmail: 'email' };

describe('details form', () => {
  it('asks attendee questions only for their tickets', () => {
    expect(questionsForTicket(questions, 10).map((x) => x.id)).toEqual([1]);
    expect(questionsForTicket(questions, 20).map((x) => x.id)).toEqual([1, 2]);
  });

  it('starts from saved answers, with empty ones of the right shape', () => {
    const v = initialDetailsValues(order);
    expect(v.attendees[0]!.answers).toEqual({ '1': '' });
    expect(v.attendees[1]!.answers).toEqual({ '1': '', '2': '' });
    expect(v.answers).toEqual({ '3': ['B'] });
  });

  it('copies the buyer to every attendee', () => {
    const v = { ...initialDetailsValues(order), first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.test' };
    expect(copyBuyerToAttendees(v).map((a) => a.first_name + a.email)).toEqual([
      'Adaada@example.test',
      'Adaada@example.test',
    ]);
  });

  it('flags missing names, bad e-mails and required answers by form path', () => {
    const v = initialDetailsValues(order);
    v.email = 'nope';
    v.answers = { '3': [] };
    const errors = validateDetails(v, order, messages);
    expect(errors.first_name).toBe('required');
    expect(errors.email).toBe('email');
    expect(errors['attendees.1.answers.1']).toBe('required');
    expect(errors['attendees.1.answers.2']).toBeUndefined();
    expect(errors['answers.3']).toBe('required');
  });

  it('builds a trimmed body without blank answers', () => {
    const v = initialDetailsValues(order);
    v.first_name = ' Ada ';
    v.attendees[0]!.answers = { '1': 'M' };
    const body = toDetailsBody(v, 'de');
    expect(body.first_name).toBe('Ada');
    expect(body.attendees[0]!.answers).toEqual({ '1': 'M' });
    expect(body.attendees[1]!.answers).toEqual({});
    expect(body.answers).toEqual({ '3': ['B'] });
    expect(body.locale).toBe('de');
  });

  it('asks for the reminder only where the event sends it, unticked unless the buyer agreed', () => {
    expect(initialDetailsValues(order).recovery_consent).toBe(false);
    expect(toDetailsBody(initialDetailsValues(order), 'en').recovery_consent).toBe(false);
    const asking = { ...order, checkout_recovery: true, recovery_consent: false } as PublicOrderDto;
    const v = initialDetailsValues(asking);
    expect(v.recovery_consent).toBe(false);
    v.recovery_consent = true;
    expect(toDetailsBody(v, 'en', asking).recovery_consent).toBe(true);
    // Not asked (the event stopped sending it): not agreed.
    expect(toDetailsBody(v, 'en', order).recovery_consent).toBe(false);
    expect(initialDetailsValues({ ...asking, recovery_consent: true }).recovery_consent).toBe(true);
  });

  it('starts from the buyer a recovery link brought back, unless the order has one', () => {
    const recovered = { first_name: 'Ada', last_name: null, email: 'ada@example.test' };
    expect(initialDetailsValues(order, recovered)).toMatchObject({
      first_name: 'Ada',
      last_name: '',
      email: 'ada@example.test',
    });
    const withBuyer = { ...order, buyer: { first_name: 'Bo', last_name: 'B', email: 'bo@example.test' } };
    expect(initialDetailsValues(withBuyer as PublicOrderDto, recovered).email).toBe('bo@example.test');
  });

  it('knows which server error paths land on a field', () => {
    expect(isFormPath('attendees.1.answers.12')).toBe(true);
    expect(isFormPath('answers.7')).toBe(true);
    expect(isFormPath('email')).toBe(true);
    expect(isFormPath('attendees.0.first_name')).toBe(true);
    expect(isFormPath('attendees')).toBe(false);
    expect(isFormPath('items')).toBe(false);
  });

  it('asks an address in parts: empty parts to start, street, city and country when required, trimmed on the way', () => {
    const address = q(4, { applies_to: 'ORDER', type: 'ADDRESS', required: true });
    const optional = q(5, { applies_to: 'ORDER', type: 'ADDRESS' });
    const withAddress = { ...order, questions: [address, optional], answers: [] } as unknown as PublicOrderDto;
    const v = initialDetailsValues(withAddress);
    const empty = { line1: '', line2: '', city: '', region: '', postal_code: '', country: '' };
    expect(v.answers).toEqual({ '4': empty, '5': empty });
    expect(Object.keys(validateDetails(v, withAddress, messages)).filter((k) => k.startsWith('answers'))).toEqual([
      'answers.4.line1',
      'answers.4.city',
      'answers.4.country',
    ]);
    // An optional address begun is finished like a required one.
    v.answers = {
      '4': { ...empty, line1: ' Rua Augusta 10 ', city: 'Lisboa', country: 'PT' },
      '5': { ...empty, city: 'Porto' },
    };
    expect(Object.keys(validateDetails(v, withAddress, messages)).filter((k) => k.startsWith('answers'))).toEqual([
      'answers.5.line1',
      'answers.5.country',
    ]);
    v.answers['5'] = empty;
    expect(toDetailsBody(v, 'pt').answers).toEqual({
      '4': { ...empty, line1: 'Rua Augusta 10', city: 'Lisboa', country: 'PT' },
    });
    expect(isFormPath('attendees.0.answers.4.city')).toBe(true);
    expect(isFormPath('answers.4.country')).toBe(true);
  });

  it('keeps a FILE answer as uploaded: required until a file is there, sent back with its id', () => {
    const file = q(6, { applies_to: 'ORDER', type: 'FILE', required: true });
    const upload = { file_id: 41, name: 'card.pdf', size: 2048, type: 'application/pdf' };
    const withFile = { ...order, questions: [file], answers: [] } as unknown as PublicOrderDto;
    const v = initialDetailsValues(withFile);
    expect(v.answers).toEqual({ '6': '' });
    expect(validateDetails(v, withFile, messages)['answers.6']).toBe(messages.required);
    v.answers['6'] = upload;
    expect(validateDetails(v, withFile, messages)['answers.6']).toBeUndefined();
    expect(toDetailsBody(v, 'en').answers).toEqual({ '6': upload });
    // Coming back to the form, the saved file is there.
    const saved = {
      ...withFile,
      answers: [{ question_id: 6, attendee_short_id: null, question_title: 'Card', answer: upload }],
    } as unknown as PublicOrderDto;
    expect(initialDetailsValues(saved).answers).toEqual({ '6': upload });
  });

  it('names a pass once: its later tickets take the holder of its first', () => {
    const withPass = {
      ...order,
      attendees: [
        ...order.attendees,
        { short_id: 'p1', ticket_id: 30, first_name: null, last_name: null, email: null, pass_of: null },
        { short_id: 'p2', ticket_id: 30, first_name: null, last_name: null, email: null, pass_of: 'p1' },
      ],
    } as unknown as PublicOrderDto;
    expect(initialDetailsValues(withPass).attendees.map((a) => a.short_id)).toEqual(['a1', 'a2', 'p1']);
  });

  it('asks the invoice address of a business buyer, and lands the invoice field errors on the form', () => {
    const always = { ...order, event: { invoice_mode: 'ALWAYS' } } as unknown as PublicOrderDto;
    const v = initialDetailsValues(always);
    expect(v.invoice.requested).toBe(true);
    // A private buyer's invoice goes without an address; a company's needs one.
    expect(Object.keys(validateDetails(v, always, messages)).filter((k) => k.startsWith('invoice'))).toEqual([]);
    v.invoice.vat_number = 'DE123456789';
    expect(Object.keys(validateDetails(v, always, messages)).filter((k) => k.startsWith('invoice'))).toEqual([
      'invoice.address.address_line_1',
      'invoice.address.zip_or_postal_code',
      'invoice.address.city',
      'invoice.address.country',
    ]);
    // No invoice where the event issues none (or does not say).
    expect(toDetailsBody(v, 'en', order)).not.toHaveProperty('invoice');
    expect(toDetailsBody(v, 'en', always).invoice).toMatchObject({ requested: true, vat_number: 'DE123456789' });
    expect(isFormPath('invoice.vat_number')).toBe(true);
    expect(isFormPath('invoice.address.zip_or_postal_code')).toBe(true);
    expect(isFormPath('invoice')).toBe(false);
  });
});
