import { DEFAULT_EVENT_COLORS } from '@admitone/shared';
import { describe, expect, it } from 'vitest';

import { splitReserveErrors } from '../selector/reserve-errors';
import { parseWidgetParams, widgetColors } from './widget-params';

describe('parseWidgetParams', () => {
  it('reads colours, padding, button text and language', () => {
    const p = parseWidgetParams('?primary=%23ff0000&background=fff&text=nope&padding=99&button_text=Buy&lang=de');
    expect(p).toEqual({
      primary: '#ff0000',
      background: '#fff',
      text: null,
      padding: 64,
      buttonText: 'Buy',
      lang: 'de',
    });
    expect(parseWidgetParams('').padding).toBe(16);
  });

  it('puts the chosen colours over the event colours', () => {
    const colors = widgetColors(DEFAULT_EVENT_COLORS, parseWidgetParams('?primary=%23ff0000'));
    expect(colors.primary).toBe('#ff0000');
    expect(colors.background).toBe(DEFAULT_EVENT_COLORS.ticket_widget_background);
  });
});

describe('splitReserveErrors', () => {
  it('puts item errors next to their ticket and keeps the rest general', () => {
    const ids = [7, 9];
    const result = splitReserveErrors(
      {
        items: ['Select a ticket'],
        'items.1.quantity': ['Too many'],
        'items.1.amount': ['Too low'],
        promo_code: ['Invalid'],
      },
      (i) => ids[i],
    );
    expect(result).toEqual({ byTicket: { 9: 'Too many Too low' }, general: ['Select a ticket', 'Invalid'] });
  });
});
