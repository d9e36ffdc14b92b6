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
      // One window and module registry per worker, shared by its files (the API project does the same):
      // a fresh DOM and React/Mantine import per file took the project from 21 s to 104 s. vitest.setup.ts
      // puts back what a file may leave behind (the address, the language, a page being left).
      isolate: false,
    },
  }),
);
