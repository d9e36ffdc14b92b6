import { Anchor } from '@mantine/core';
import { Link } from 'react-router';

import { ErrorScreenView } from './ErrorScreenView';
import { useInsideMain } from './LandmarkContext';

/** The error screen of every route: logo, a not-found or generic message, and a way home. */
export function ErrorScreen({ notFound }: { notFound: boolean }) {
  const insideMain = useInsideMain();
  return (
    <ErrorScreenView
      notFound={notFound}
      asMain={!insideMain}
      minHeight={insideMain ? 'calc(100vh - 64px)' : '100vh'}
      homeLink={(label) => (
        <Anchor component={Link} to="/" fw={600}>
          {label}
        </Anchor>
      )}
    />
  );
}
