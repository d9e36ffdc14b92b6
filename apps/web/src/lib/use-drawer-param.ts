import { useCallback } from 'react';
import { useLocation, useNavigate, useSearchParams } from 'react-router';

interface DrawerHistoryState {
  drawerOpenedFrom?: string;
}

/**
 * A drawer whose subject is an id in the address (`?order=12`): linkable, and the back button
 * closes it. Opening adds a history entry; closing goes back to it when this page opened it,
 * otherwise (a shared link) it removes the parameter in place.
 */
export function useDrawerParam(name: string) {
  const [search, setSearch] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const raw = Number(search.get(name));
  const id = Number.isInteger(raw) && raw > 0 ? raw : null;

  const open = useCallback(
    (value: number) => {
      const params = new URLSearchParams(search);
      params.set(name, String(value));
      const state: DrawerHistoryState = { drawerOpenedFrom: location.pathname };
      // Switching from one subject to another replaces the entry: back still returns to the list.
      setSearch(params, { replace: id !== null, state: id !== null ? location.state : state });
    },
    [id, location.pathname, location.state, name, search, setSearch],
  );

  const close = useCallback(() => {
    if ((location.state as DrawerHistoryState | null)?.drawerOpenedFrom === location.pathname) {
      void navigate(-1);
      return;
    }
    const params = new URLSearchParams(search);
    params.delete(name);
    setSearch(params, { replace: true });
  }, [location.pathname, location.state, name, navigate, search, setSearch]);

  return { id, open, close };
}
