import { describe, expect, it } from 'vitest';

import { currentItem } from './SideNav';

describe('currentItem', () => {
  const items = [
    { to: '/manage/event/7', end: true },
    { to: '/manage/event/7/orders' },
    { to: '/manage/event/7/settings' },
  ];
  it('names the section an address belongs to: its own, below it, or the exact overview', () => {
    expect(currentItem(items, '/manage/event/7')?.to).toBe('/manage/event/7');
    expect(currentItem(items, '/manage/event/7/')?.to).toBe('/manage/event/7');
    expect(currentItem(items, '/manage/event/7/orders')?.to).toBe('/manage/event/7/orders');
    expect(currentItem(items, '/manage/event/7/orders/12')?.to).toBe('/manage/event/7/orders');
    expect(currentItem(items, '/manage/event/7/unknown')).toBeUndefined();
    expect(currentItem(items, '/manage/event/70/orders')).toBeUndefined();
  });
});
