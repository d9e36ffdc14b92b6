import { Anchor } from '@mantine/core';
import { IconArrowLeft } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

/** The small "← where you came from" link above a seating screen's heading. */
export function BackLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Anchor
      component={Link}
      to={to}
      size="sm"
      c="dimmed"
      style={{ display: 'inline-flex', alignItems: 'center', gap: 4 }}
      mb="sm"
    >
      <IconArrowLeft size={14} aria-hidden />
      {children}
    </Anchor>
  );
}
