import { leavePage } from '../../../lib/page-leave';

/**
 * Sends the browser to the identity provider's sign-in page (another site): it comes back to `/auth/sso/callback`,
 * where the sign-in app finishes the sign-on.
 */
export function leaveForProvider(url: string): void {
  leavePage(() => window.location.assign(url));
}
