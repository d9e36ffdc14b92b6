/**
 * Navigation inside an app without a router library: the address through the History API, read with
 * `useLocation`, changed with `navigate` and `Link`. The buyer app and the sign-in app use it (they
 * are small on purpose); the organizer app has react-router.
 */
import {
  type AnchorHTMLAttributes,
  createContext,
  type MouseEvent,
  type ReactNode,
  useContext,
  useSyncExternalStore,
} from 'react';

/** The current address: pathname plus search ("?a=b"). */
export interface PublicLocation {
  pathname: string;
  search: string;
}

const NAVIGATE_EVENT = 'admitone:navigate';
const listeners = new Set<() => void>();
let snapshot: PublicLocation | null = null;

function readLocation(): PublicLocation {
  const { pathname, search } = window.location;
  if (!snapshot || snapshot.pathname !== pathname || snapshot.search !== search) snapshot = { pathname, search };
  return snapshot;
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  if (listeners.size === 1) {
    window.addEventListener('popstate', notifyLocationChange);
    window.addEventListener(NAVIGATE_EVENT, notifyLocationChange);
  }
  return () => {
    listeners.delete(listener);
    if (listeners.size === 0) {
      window.removeEventListener('popstate', notifyLocationChange);
      window.removeEventListener(NAVIGATE_EVENT, notifyLocationChange);
    }
  };
}

/** Tells the app the address changed (after `history.pushState` by someone else). */
export function notifyLocationChange(): void {
  for (const listener of listeners) listener();
}

/** Goes to another page of this app without reloading (`replace` keeps the history entry count). */
export function navigate(to: string, { replace = false }: { replace?: boolean } = {}): void {
  if (replace) window.history.replaceState(null, '', to);
  else window.history.pushState(null, '', to);
  window.dispatchEvent(new Event(NAVIGATE_EVENT));
  if (!replace) window.scrollTo(0, 0);
}

/** The server-side address (SSR has no window). */
const ServerLocation = createContext<PublicLocation | null>(null);

export function ServerLocationProvider({ url, children }: { url: string; children: ReactNode }) {
  const parsed = new URL(url, 'http://localhost');
  return (
    <ServerLocation.Provider value={{ pathname: parsed.pathname, search: parsed.search }}>
      {children}
    </ServerLocation.Provider>
  );
}

/** The current address; re-renders on navigation and back/forward. */
export function useLocation(): PublicLocation {
  const server = useContext(ServerLocation);
  const get = () => server ?? readLocation();
  return useSyncExternalStore(subscribe, get, get);
}

/** An `<a>` that navigates inside this app (ordinary links for new tabs and modifier clicks). */
export function Link({ href, onClick, ...rest }: AnchorHTMLAttributes<HTMLAnchorElement> & { href: string }) {
  const handle = (e: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(e);
    if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey || rest.target) return;
    e.preventDefault();
    navigate(href);
  };
  return <a href={href} onClick={handle} {...rest} />;
}
