import type { UserDto } from '@admitone/shared';
import { describe, expect, it } from 'vitest';

import { tokenStore } from '../../lib/api-client';
import { createQueryClient } from '../../lib/query-client';
import { type Me, userKeys } from '../users/api/me';
import { mirrorSavedLocale } from './saved-locale-cookie';

const me = (locale: string | null) =>
  ({ user: { id: 1, name: 'Ada', email: 'ada@example.test', locale } as UserDto }) as Me;

function setup() {
  const queryClient = createQueryClient();
  const written: string[] = [];
  const stop = mirrorSavedLocale(queryClient, (c) => written.push(c));
  return { queryClient, written, stop };
}

describe('mirrorSavedLocale', () => {
  it('writes the saved locale whenever the cached user changes, once per change', () => {
    const { queryClient, written } = setup();
    queryClient.setQueryData(userKeys.me(), me('fr'));
    queryClient.setQueryData(userKeys.me(), me('fr'));
    queryClient.setQueryData(userKeys.me(), me('pt-BR'));
    queryClient.setQueryData(['events'], { data: [] });
    expect(written).toEqual([
      expect.stringMatching(/^admitone_saved_locale=fr; path=\/; max-age=\d+; SameSite=Lax$/),
      expect.stringMatching(/^admitone_saved_locale=pt-BR; path=\/; max-age=\d+;/),
    ]);
  });

  it('removes the cookie when nothing is saved', () => {
    const { queryClient, written } = setup();
    queryClient.setQueryData(userKeys.me(), me('de'));
    queryClient.setQueryData(userKeys.me(), me(null));
    expect(written.at(-1)).toBe('admitone_saved_locale=; path=/; max-age=0; SameSite=Lax');
  });

  it('removes it at logout (token gone, cache cleared) but not when the cache drops `me` during a session', () => {
    const { queryClient, written } = setup();
    tokenStore.set('session-token');
    queryClient.setQueryData(userKeys.me(), me('es'));
    queryClient.removeQueries({ queryKey: userKeys.me() });
    expect(written).toHaveLength(1);
    queryClient.setQueryData(userKeys.me(), me('es'));
    tokenStore.clear();
    queryClient.clear();
    expect(written).toHaveLength(2);
    expect(written[1]).toMatch(/^admitone_saved_locale=; .*max-age=0/);
  });

  it('stops when unsubscribed', () => {
    const { queryClient, written, stop } = setup();
    stop();
    queryClient.setQueryData(userKeys.me(), me('de'));
    expect(written).toEqual([]);
  });
});
