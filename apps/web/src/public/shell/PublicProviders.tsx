import { I18nProvider } from '@lingui/react';
import { MantineProvider } from '@mantine/core';
import type { ReactNode } from 'react';

import { cssVariablesResolver, theme } from '../../components/theme';
import { i18n } from './public-i18n';

/** Translations and the AdmitOne theme for the buyer pages (no query client: see `QueryShell`). */
export function PublicProviders({ children }: { children: ReactNode }) {
  return (
    <I18nProvider i18n={i18n}>
      <MantineProvider theme={theme} cssVariablesResolver={cssVariablesResolver} defaultColorScheme="light">
        {children}
      </MantineProvider>
    </I18nProvider>
  );
}
