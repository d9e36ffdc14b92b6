/** The buyer app's language catalogs (only the messages it uses), made by vite.config.ts. */
declare module 'virtual:admitone-public-catalog/*' {
  import type { Messages } from '@lingui/core';
  export const messages: Messages;
}

/** True in builds made with LINGUI_KEEP_MESSAGES=1 (before extraction): messages are compiled at run time. */
declare const __ADMITONE_COMPILE_MESSAGES__: boolean;
