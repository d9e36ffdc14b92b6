import { Anchor } from '@mantine/core';
import { ErrorScreenView } from '../../components/ErrorScreenView';

/** The error screen of the buyer pages (a plain link home: the buyer app has no organizer router). */
export function PublicErrorScreen({ notFound }: { notFound: boolean }) {
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
