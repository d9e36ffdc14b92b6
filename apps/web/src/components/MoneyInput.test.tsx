import { act, fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { describe, expect, it } from 'vitest';

import { renderWithProviders } from '../test-utils/render';
import { MoneyInput } from './MoneyInput';

function Price({ currency, initial }: { currency: string; initial: number | string }) {
  const [value, setValue] = useState<number | string>(initial);
  return (
    <>
      <MoneyInput label="Price" currency={currency} value={value} onChange={setValue} />
      <output>{String(value)}</output>
    </>
  );
}

const field = () => screen.getByRole('textbox', { name: 'Price' }) as HTMLInputElement;

describe('MoneyInput', () => {
  it("shows the currency's fraction digits when not typed in", () => {
    renderWithProviders(<Price currency="EUR" initial={25} />);
    expect(field().value).toBe('25.00');
  });

  it('keeps the digits when focused, leaves a typed amount as typed and gives the form numbers', () => {
    renderWithProviders(<Price currency="GBP" initial={55.8} />);
    expect(field().value).toBe('55.80');
    act(() => field().focus());
    expect(field().value).toBe('55.80');
    fireEvent.change(field(), { target: { value: '5' } });
    expect(field().value).toBe('5');
    expect(screen.getByRole('status').textContent).toBe('5');
    act(() => field().blur());
    expect(field().value).toBe('5');
    expect(screen.getByRole('status').textContent).toBe('5');
  });

  it('has no fraction digits for a currency without minor units', () => {
    renderWithProviders(<Price currency="JPY" initial={1500} />);
    expect(field().value).toBe('1500');
  });
});
