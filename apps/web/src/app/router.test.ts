import { isOrganizerAppPath, ORGANIZER_APP_ROUTES } from '@admitone/shared';
import { matchRoutes, type RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';

import { routes } from './router';

/** The full path of every screen of a route table: index routes and routes without children (not `*`). */
function screens(table: RouteObject[], parent = ''): string[] {
  return table.flatMap((route) => {
    if (route.path?.endsWith('*')) return [];
    const full =
      route.path === undefined
        ? parent
        : route.path.startsWith('/')
          ? route.path
          : `${parent.replace(/\/$/, '')}/${route.path}`;
    const own = route.index || (route.path !== undefined && !route.children?.length) ? [full || '/'] : [];
    return [...own, ...screens(route.children ?? [], full)];
  });
}

/** An address of a pattern, with every `:param` filled in. */
const sample = (pattern: string) => pattern.replace(/:[A-Za-z]+/g, '12');

describe('the organizer router and the server', () => {
  it('know the same screens (packages/shared ORGANIZER_APP_ROUTES: a new screen adds its line there)', () => {
    expect([...screens(routes)].sort()).toEqual([...ORGANIZER_APP_ROUTES].sort());
  });

  it('agree on which addresses are screens and which are the 404 screen', () => {
    for (const pattern of ORGANIZER_APP_ROUTES) {
      const path = sample(pattern);
      const matched = matchRoutes(routes, path);
      expect(matched?.at(-1)?.route.path, path).not.toBe('*');
      expect(isOrganizerAppPath(path), path).toBe(true);
      expect(isOrganizerAppPath(`${path.replace(/\/$/, '')}/`), path).toBe(true);
    }
    for (const path of ['/manage/nope', '/account/nope', '/manage/event/12/nope', '/nope', '/wp-login.php']) {
      expect(matchRoutes(routes, path)?.at(-1)?.route.path, path).toBe('*');
      expect(isOrganizerAppPath(path), path).toBe(false);
    }
  });

  it('leave every address under /auth to the sign-in app (its page is loaded)', () => {
    for (const path of ['/auth/login', '/auth/reset-password/12', '/auth/nope']) {
      expect(matchRoutes(routes, path)?.at(-1)?.route.path, path).toBe('auth/*');
      expect(isOrganizerAppPath(path), path).toBe(false);
    }
  });
});
