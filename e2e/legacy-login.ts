/** The unconfirmed login `e2e/serve.ts` creates (a login from before sign-ups were confirmed by link). */
export const LEGACY_LOGIN = { email: 'legacy@admitone.test', password: 'admitone-legacy-1' } as const;
