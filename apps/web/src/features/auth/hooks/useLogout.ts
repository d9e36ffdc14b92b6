import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { tokenStore } from '../../../lib/api-client';
import { logout } from '../api/auth';

/** Ends the session on the server (best effort), forgets the token and all cached data. */
export function useLogout() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return useCallback(async () => {
    try {
      await logout();
    } catch {
      // The session is dropped locally either way.
    }
    tokenStore.clear();
    queryClient.clear();
    await navigate('/auth/login', { replace: true });
  }, [navigate, queryClient]);
}
