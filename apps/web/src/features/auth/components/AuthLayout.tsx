import { Anchor, Box, Container, Group, Paper, Stack } from '@mantine/core';
import type { ReactNode } from 'react';

import { Logo } from '../../../components/Logo';
import { SignInLink } from '../../../lib/sign-in-navigation';
import { LanguagePicker } from '../../locale/components/LanguagePicker';

/** Centred card with the logo for the login, sign-up and password pages. */
export function AuthLayout({ children }: { children: ReactNode }) {
  return (
    <Box mih="100vh" bg="violet.0" pb="xl">
      <Group justify="flex-end" p="md" component="header">
        <LanguagePicker />
      </Group>
      <Container size={460} component="main" px="md">
        <Stack align="center" mb="lg">
          <Anchor component={SignInLink} to="/" aria-label="AdmitOne" underline="never">
            <Logo size={44} withName />
          </Anchor>
        </Stack>
        <Paper withBorder shadow="md" p={{ base: 'lg', sm: 'xl' }} radius="lg">
          {children}
        </Paper>
      </Container>
    </Box>
  );
}
