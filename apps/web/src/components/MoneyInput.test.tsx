import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { MantineProvider } from '@mantine/core';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { MoneyInput } from './MoneyInput';

afterEach(() => {
  act(() => i18n.activate('en'));
});

function renderInput(value: number | string, currency: string, locale = 'en') {
  act(() => i18n.activate(locale));
  render(
    <I18nProvider i18n={i18n}>
      <MantineProvider env="test">
        <MoneyInput label="Price" currency={currency} defaultValue={value} />
      </MantineProvider>
    </I18nProvider>,
  );
  return screen.getByRole('textbox', { name: 'Price' });
}

describe('a money field', () => {
  it("shows a price with the currency's decimals, in the reader's format (#38)", () => {
    expect(renderInput(25, 'EUR')).toHaveProperty('value', '25.00');
  });

  it('pads what was typed once the field is left', () => {
    const input = renderInput('', 'GBP');
    act(() => input.focus());
    fireEvent.change(input, { target: { value: '12.5' } });
    expect(input).toHaveProperty('value', '12.5');
    act(() => input.blur());
    expect(input).toHaveProperty('value', '12.50');
  });

  it('uses the decimal comma where the language does', () => {
    expect(renderInput(19.9, 'EUR', 'de')).toHaveProperty('value', '19,90');
  });

  it('has no decimals for a currency without a minor unit', () => {
    expect(renderInput(500, 'JPY')).toHaveProperty('value', '500');
  });
});
