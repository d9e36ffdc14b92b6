import { QueryClient } from '@tanstack/react-query';

import { isApiError } from './api-error';

/** Retries only failures that may pass on a second try (network, 5xx), at most twice. */
export function shouldRetry(failureCount: number, error: unknown): boolean {
  if (failureCount >= 2) return false;
  if (isApiError(error)) return error.status === 0 || error.status >= 500;
  return false;
}

/** The app's one query client: data stays fresh for a minute, no refetch on window focus (SPEC §9). */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: { staleTime: 60_000, refetchOnWindowFocus: false, retry: shouldRetry },
      mutations: { retry: false },
    },
  });
}

export const queryClient = createQueryClient();
