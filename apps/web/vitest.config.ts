import { defineProject, mergeConfig } from 'vitest/config';

import viteConfig from './vite.config';

/**
 * What the `web` test projects share: the app's Vite plugins (Lingui macros, .po files) in happy-dom. The root
 * vitest.config.ts makes two projects of it (`web` and `web-isolated`), each with its own files.
 */
export default mergeConfig(
  viteConfig,
  defineProject({
    test: {
      root: import.meta.dirname,
      environment: 'happy-dom',
      setupFiles: ['./vitest.setup.ts'],
      // Above the 5 s a single `findBy…`/`waitFor` may wait (vitest.setup.ts): a test that waits twice on a
      // busy machine must fail on the state it waits for, not on the test's own clock.
      testTimeout: 15_000,
    },
  }),
);
