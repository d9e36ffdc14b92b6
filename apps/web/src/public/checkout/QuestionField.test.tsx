import type { PublicQuestionDto } from '@admitone/shared';
import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { MantineProvider } from '@mantine/core';
import { useForm } from '@mantine/form';
import { fireEvent, render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { QuestionField } from './QuestionField';

const question = (type: PublicQuestionDto['type'], title: string) => ({ id: 1, title, description: null, type, options: [], required: true, applies_to: 'ORDER', ticket_ids: [] }) as unknown as PublicQuestionDto;

let values: Record<string, unknown> = {};
function Harness({ q }: { q: PublicQuestionDto }) {
  const form = useForm({ initialValues: { answers: { '1': '' } } });
  values = form.getValues();
  return <QuestionField question={q} form={form as never} path="answers.1" />;
}
const show = (q: PublicQuestionDto) =>
  render(
    <I18nProvider i18n={i18n}>
      <MantineProvider env="test">
        <Harness q={q} />
      </MantineProvider>
    </I18nProvider>,
  );

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
});
