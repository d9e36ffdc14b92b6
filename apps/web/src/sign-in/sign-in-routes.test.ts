import { isSignInPath, isSignInScreen, SIGN_IN_ROUTES } from '@admitone/shared';
import { describe, expect, it } from 'vitest';

import { matchSignInScreen, SIGN_IN_SCREENS } from './sign-in-routes';

const sample = (pattern: string) => pattern.replace(/:[A-Za-z]+/g, 'AbC-123_x');

describe('the sign-in app and the server', () => {
  it('know the same screens (packages/shared SIGN_IN_ROUTES)', () => {
    expect(SIGN_IN_SCREENS.map((s) => s.pattern).sort()).toEqual([...SIGN_IN_ROUTES].sort());
  });

  it('agree on which addresses are screens and which are the 404 screen', () => {
    for (const pattern of SIGN_IN_ROUTES) {
      for (const path of [sample(pattern), `${sample(pattern)}/`]) {
        expect(matchSignInScreen(path), path).not.toBeNull();
        expect(isSignInScreen(path), path).toBe(true);
        expect(isSignInPath(path), path).toBe(true);
      }
    }
    for (const path of [
      '/auth',
      '/auth/',
      '/auth/nope',
      '/auth/login/extra',
      '/auth/reset-password',
      '/auth/reset-password/a/b',
    ]) {
      expect(matchSignInScreen(path), path).toBeNull();
      expect(isSignInScreen(path), path).toBe(false);
      expect(isSignInPath(path), path).toBe(true);
    }
    expect(isSignInPath('/authors')).toBe(false);
  });

  it('opens the single sign-on callback, not the team link "callback"', () => {
    const page = (path: string) => SIGN_IN_SCREENS.find((s) => s.Page === matchSignInScreen(path)?.Page)?.pattern;
    expect(page('/auth/sso/callback')).toBe('/auth/sso/callback');
    expect(page('/auth/sso/AbC-123_x')).toBe('/auth/sso/:token');
    expect(matchSignInScreen('/auth/sso/AbC-123_x')?.token).toBe('AbC-123_x');
  });

  it('gives a page its token decoded', () => {
    expect(matchSignInScreen('/auth/reset-password/a%2Bb')?.token).toBe('a+b');
    expect(matchSignInScreen('/auth/reset-password/%E0%A4%A')?.token).toBe('%E0%A4%A');
  });
});
