import type { AlertProps } from '@mantine/core';

/** A light alert whose title keeps the page's text colour (Mantine's orange title fails 4.5:1 on its tint). */
export const readableAlert: Pick<AlertProps, 'variant' | 'styles'> = {
  variant: 'light',
  styles: { title: { color: 'var(--mantine-color-text)' }, icon: { color: 'var(--mantine-color-text)' } },
};
