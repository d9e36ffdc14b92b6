import { defineProject, mergeConfig } from 'vitest/config';

import viteConfig from './vite.config';

/** The `web` test project: the app's Vite plugins (Lingui macros, .po files) in happy-dom. */
export default mergeConfig(
  viteConfig,
  defineProject({
    test: {
      name: 'web',
      root: import.meta.dirname,
      include: ['src/**/*.test.{ts,tsx}'],
      environment: 'happy-dom',
      setupFiles: ['./vitest.setup.ts'],
    },
  }),
);
