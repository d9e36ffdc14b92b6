import { i18n } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { MantineProvider } from '@mantine/core';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, type RenderResult } from '@testing-library/react';
import { type ReactNode, StrictMode, useState } from 'react';
import { MemoryRouter } from 'react-router';

export interface ProviderOptions {
  /** A query client of the test's own (e.g. `createQueryClient()` for the app's defaults). */
  queryClient?: QueryClient;
  /** A fresh query client that never retries (implied by `queryClient`). */
  query?: boolean;
  /** A `MemoryRouter` at this address (or these history entries, the last one current). */
  route?: string | string[];
  /** A `MemoryRouter` at '/' (implied by `route`). */
  router?: boolean;
  /** Mantine with its transitions ('default'), for a test that waits on one; 'test' (none) otherwise. */
  mantineEnv?: 'default' | 'test';
  /** The whole tree in `StrictMode` (effects run twice on mount). */
  strict?: boolean;
}

/** A query client for tests: a failed query fails at once. */
export const testQueryClient = () => new QueryClient({ defaultOptions: { queries: { retry: false } } });

/**
 * What the app's screens need around them, outside in: Lingui (the global `i18n`, activated in 'en' by
 * vitest.setup.ts), Mantine, and as asked a query client and a memory router. For `renderToString` or
 * by hand; `renderWithProviders` keeps one query client for the whole render.
 */
export function Providers({ children, ...options }: ProviderOptions & { children?: ReactNode }) {
  const { queryClient, query, route, router, mantineEnv = 'test', strict } = options;
  const [client] = useState(() => queryClient ?? (query ? testQueryClient() : undefined));
  let tree = children;
  if (route !== undefined || router)
    tree = <MemoryRouter initialEntries={route === undefined ? undefined : [route].flat()}>{tree}</MemoryRouter>;
  if (client) tree = <QueryClientProvider client={client}>{tree}</QueryClientProvider>;
  tree = (
    <I18nProvider i18n={i18n}>
      <MantineProvider env={mantineEnv}>{tree}</MantineProvider>
    </I18nProvider>
  );
  return strict ? <StrictMode>{tree}</StrictMode> : tree;
}

/**
 * Renders `ui` inside `Providers` (see there) with testing-library; `rerender` keeps the same providers,
 * router history and query client. The result carries the query client, if there is one.
 *
 * @example renderWithProviders(<RefundForm order={order} />, { query: true, route: '/manage/event/7' })
 */
export function renderWithProviders(
  ui: ReactNode,
  options: ProviderOptions = {},
): RenderResult & { queryClient: QueryClient | undefined } {
  const queryClient = options.queryClient ?? (options.query ? testQueryClient() : undefined);
  const wrapper = ({ children }: { children: ReactNode }) => (
    <Providers {...options} queryClient={queryClient}>
      {children}
    </Providers>
  );
  const result: RenderResult = render(ui, { wrapper });
  return { ...result, queryClient };
}
