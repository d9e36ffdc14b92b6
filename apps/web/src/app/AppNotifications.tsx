import '@mantine/core/styles/Notification.css';
import '@mantine/notifications/styles.css';

import { useLingui } from '@lingui/react/macro';
import { createTheme, MantineThemeProvider, Notification } from '@mantine/core';
import { Notifications } from '@mantine/notifications';
import { useMemo } from 'react';

/** Toasts: at most five, closing after 4 s, bottom right (SPEC §9); their close buttons are labelled. */
export default function AppNotifications() {
  const { t } = useLingui();
  const close = t`Close`;
  const theme = useMemo(
    () =>
      createTheme({
        components: {
          Notification: Notification.extend({ defaultProps: { closeButtonProps: { 'aria-label': close } } }),
        },
      }),
    [close],
  );
  return (
    <MantineThemeProvider theme={theme} inherit>
      <Notifications limit={5} autoClose={4000} position="bottom-right" />
    </MantineThemeProvider>
  );
}
