import { isSignInPath } from '@admitone/shared';
import type { AnchorHTMLAttributes, MouseEvent } from 'react';

import { navigate } from './history-navigation';
import { leavePage } from './page-leave';

/**
 * Goes to `to` from a sign-in screen: another sign-in screen without reloading, any other page of the
 * organizer app with a page load (the sign-in app holds only its own screens; the organizer app starts
 * afresh, with the session just stored).
 */
export function goTo(to: string, { replace = false }: { replace?: boolean } = {}): void {
  if (isSignInPath(new URL(to, window.location.href).pathname)) navigate(to, { replace });
  else leavePage(() => (replace ? window.location.replace(to) : window.location.assign(to)));
}

/**
 * A link of the sign-in screens (`<Anchor component={SignInLink} to="/auth/register">`): another
 * sign-in screen opens without reloading, anything else is an ordinary link.
 */
export function SignInLink({ to, onClick, ...rest }: AnchorHTMLAttributes<HTMLAnchorElement> & { to: string }) {
  const handle = (e: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(e);
    if (e.defaultPrevented || e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey || rest.target) return;
    if (!isSignInPath(new URL(to, window.location.href).pathname)) return;
    e.preventDefault();
    navigate(to);
  };
  return <a href={to} onClick={handle} {...rest} />;
}
