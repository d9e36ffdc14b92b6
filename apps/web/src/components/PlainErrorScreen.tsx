import { Anchor } from '@mantine/core';

import { ErrorScreenView } from './ErrorScreenView';

/**
 * The error screen of the buyer pages and the sign-in screens (a plain link home: those apps have no organizer router).
 */
export function PlainErrorScreen({ notFound }: { notFound: boolean }) {
  return (
    <ErrorScreenView
      notFound={notFound}
      asMain
      minHeight="100vh"
      homeLink={(label) => (
        <Anchor href="/" fw={600}>
          {label}
        </Anchor>
      )}
    />
  );
}
