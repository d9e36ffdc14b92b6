/**
 * The screens under /auth (log in, sign up, reset a password, accept an invitation): the first page of
 * most visits to the organizer app. Until another screen opens they are translated from a catalog of
 * their own, holding only their messages (vite.config.ts makes it from these modules): the whole
 * catalog of the app is as large as the login page's own code. Every other screen waits for the whole
 * catalog before it shows (router.tsx).
 */
export const SIGN_IN_PAGES = ['AuthLayoutRoute', 'LoginRoute', 'RegisterRoute', 'ConfirmSignUpRoute', 'ForgotPasswordRoute', 'ResetPasswordRoute', 'AcceptInvitationRoute'] as const;

/** Whether an address is one of those screens. */
export const isSignInPath = (pathname: string) => pathname === '/auth' || pathname.startsWith('/auth/');
