/** The sign-in screens' language catalogs (only their messages), made by vite.config.ts. */
declare module 'virtual:admitone-app-catalog/sign-in/*' {
  import type { Messages } from '@lingui/core';
  export const messages: Messages;
}
