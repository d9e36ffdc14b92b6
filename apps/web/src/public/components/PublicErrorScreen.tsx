import { Trans } from '@lingui/react/macro';
import { Anchor, Center, Image, Stack, Text, Title } from '@mantine/core';

/** SPEC "Error screen" for the buyer pages: logo (alt "Error"), not-found or generic text, a way home. */
export function PublicErrorScreen({ notFound }: { notFound: boolean }) {
  return (
    <Center mih="100vh" p="md" component="main">
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
        <Anchor href="/" fw={600}>
          <Trans>Go back to the home page</Trans>
        </Anchor>
      </Stack>
    </Center>
  );
}
