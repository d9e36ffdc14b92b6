import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { type ReactNode, useEffect, useState } from 'react';
import { BrowserRouter, useLocation as useRouterLocation } from 'react-router';

import { notifyLocationChange } from '../../lib/history-navigation';

/** react-router moved (a page used its `Link` or `useNavigate`): let the public router re-match. */
function LocationBridge() {
  const location = useRouterLocation();
  useEffect(() => notifyLocationChange(), [location]);
  return null;
}

/**
 * What the checkout and ticket pages get beyond the shell, loaded only with them (never on the event
 * page): a TanStack Query client (data fresh for a minute, no refetch on focus: SPEC §9) and a
 * react-router context, so those pages may use `useQuery`, `Link` and `useNavigate`.
 */
export default function DeepPageShell({ children }: { children: ReactNode }) {
  const [client] = useState(
    () =>
      new QueryClient({ defaultOptions: { queries: { staleTime: 60_000, refetchOnWindowFocus: false, retry: 1 } } }),
  );
  return (
    <QueryClientProvider client={client}>
      <BrowserRouter>
        <LocationBridge />
        {children}
      </BrowserRouter>
    </QueryClientProvider>
  );
}
