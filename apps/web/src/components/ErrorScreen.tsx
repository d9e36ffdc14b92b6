import { Trans } from '@lingui/react/macro';
import { Anchor, Center, Image, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { useInsideMain } from './LandmarkContext';

/** The error screen of every route: logo, a not-found or generic message, and a way home. */
export function ErrorScreen({ notFound }: { notFound: boolean }) {
  const insideMain = useInsideMain();
  return (
    <Center mih={insideMain ? 'calc(100vh - 64px)' : '100vh'} p="md" component={insideMain ? 'div' : 'main'}>
      <Stack align="center" gap="md" maw={480} ta="center">
        <Image src="/logo.svg" alt="Error" h={72} w={72} fit="contain" />
        {notFound ? (
          <>
            <Title order={1}>
              <Trans>Page not found</Trans>
            </Title>
            <Text c="dimmed">
              <Trans>The page you are looking for does not exist or may have been moved.</Trans>
            </Text>
          </>
        ) : (
          <>
            <Title order={1}>
              <Trans>Something went wrong</Trans>
            </Title>
            <Text c="dimmed">
              <Trans>An unexpected error occurred while loading the page. Please try again in a moment.</Trans>
            </Text>
          </>
        )}
        <Anchor component={Link} to="/" fw={600}>
          <Trans>Go back to the home page</Trans>
        </Anchor>
      </Stack>
    </Center>
  );
}
