import './checkout-styles';

import { DEFAULT_EVENT_COLORS, type EventColors } from '@admitone/shared';
import { useLingui } from '@lingui/react/macro';
import { Center, Container, Loader, Paper, Stack } from '@mantine/core';
import type { ReactNode } from 'react';

import { EventColorScope, eventContentClass } from '../components/EventColorScope';
import { PublicFooter } from '../components/PublicFooter';

/** A buyer page: the event's colours, one centred column on the event's content background. */
export function CheckoutLayout({
  colors,
  children,
  size = 'sm',
}: {
  colors?: EventColors | null;
  children: ReactNode;
  size?: 'sm' | 'md';
}) {
  return (
    <EventColorScope colors={colors ?? DEFAULT_EVENT_COLORS} fullPage>
      <Container
        component="main"
        id="main-content"
        size={size}
        w="100%"
        py={{ base: 'md', sm: 'xl' }}
        px={{ base: 'xs', sm: 'md' }}
      >
        <Paper className={eventContentClass} radius="lg" p={{ base: 'md', sm: 'xl' }} withBorder>
          <Stack gap="lg">{children}</Stack>
        </Paper>
      </Container>
      <PublicFooter />
    </EventColorScope>
  );
}

/** Shown while the order loads. */
export function CheckoutLoading() {
  const { t } = useLingui();
  return (
    <CheckoutLayout>
      <Center py="xl" role="status" aria-label={t`Loading your order`}>
        <Loader />
      </Center>
    </CheckoutLayout>
  );
}
