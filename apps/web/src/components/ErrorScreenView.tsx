import { Trans } from '@lingui/react/macro';
import { Center, Image, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * SPEC "Error screen": the logo (alt "Error"), a not-found or generic title and description, and a
 * link home. Shared by the organizer app and the buyer app, which link home in their own way.
 */
export function ErrorScreenView({
  notFound,
  asMain,
  minHeight,
  homeLink,
}: {
  notFound: boolean;
  asMain: boolean;
  minHeight: string;
  homeLink: (label: ReactNode) => ReactNode;
}) {
  return (
    <Center mih={minHeight} p="md" component={asMain ? 'main' : 'div'}>
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
        {homeLink(<Trans>Go back to the home page</Trans>)}
      </Stack>
    </Center>
  );
}
