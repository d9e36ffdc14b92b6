import { Alert } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import type { ReactNode } from 'react';

/**
 * Something that did not happen through nobody's fault (a browser prompt cancelled or run out): said in blue, as a
 * status read out politely, not as an error.
 */
export function CalmNotice({ children }: { children: ReactNode }) {
  return (
    <Alert color="blue" variant="light" icon={<IconInfoCircle size={18} aria-hidden />} role="status">
      {children}
    </Alert>
  );
}
