import type { PublicQuestionDto } from '@admitone/shared';
import { useForm } from '@mantine/form';
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { renderWithProviders } from '../../test-utils/render';
import { QuestionField } from './QuestionField';

const question = (type: PublicQuestionDto['type'], title: string) =>
  ({
    id: 1,
    title,
    description: null,
    type,
    options: [],
    required: true,
    applies_to: 'ORDER',
    ticket_ids: [],
  }) as unknown as PublicQuestionDto;

let values: Record<string, unknown> = {};
function Harness({ q }: { q: PublicQuestionDto }) {
  const form = useForm({ initialValues: { answers: { '1': '' } } });
  values = form.getValues();
  return <QuestionField question={q} form={form as never} path="answers.1" />;
}
const show = (q: PublicQuestionDto) => renderWithProviders(<Harness q={q} />);

describe('the question types people expect (#38)', () => {
  it('asks a phone number with the phone keyboard and the browser filling it in', () => {
    show(question('PHONE', 'Mobile'));
    const input = screen.getByRole('textbox', { name: 'Mobile' });
    expect(input.getAttribute('type')).toBe('tel');
    expect(input.getAttribute('autocomplete')).toBe('tel');
  });

  it('asks a number with the decimal keyboard', () => {
    show(question('NUMBER', 'Guests'));
    expect(screen.getByRole('textbox', { name: 'Guests' }).getAttribute('inputmode')).toBe('decimal');
  });

  it("asks yes or no as two choices, answered 'yes' or 'no'", () => {
    show(question('YES_NO', 'Parking?'));
    expect(screen.getByRole('radiogroup', { name: 'Parking?' })).toBeTruthy();
    fireEvent.click(screen.getByRole('radio', { name: 'No' }));
    expect((values as { answers: Record<string, string> }).answers['1']).toBe('no');
    expect(screen.getByRole('radio', { name: 'Yes' })).toBeTruthy();
  });

  it('asks an address in labelled parts the browser can fill in', () => {
    show(question('ADDRESS', 'Home address'));
    expect(screen.getByRole('group', { name: 'Home address' })).toBeTruthy();
    const street = screen.getByRole('textbox', { name: /Street and number/ });
    expect(street.getAttribute('autocomplete')).toBe('address-line1');
    expect(screen.getByRole('textbox', { name: /Postal code/ }).getAttribute('autocomplete')).toBe('postal-code');
    expect(screen.getByRole('textbox', { name: /City/ }).getAttribute('autocomplete')).toBe('address-level2');
    fireEvent.change(street, { target: { value: 'Rua Augusta 10' } });
    expect((values as { answers: Record<string, { line1: string }> }).answers['1']!.line1).toBe('Rua Augusta 10');
  });
});
