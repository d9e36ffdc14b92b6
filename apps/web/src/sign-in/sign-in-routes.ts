import { type ComponentType, lazy } from 'react';

import { LoginPage } from './pages/LoginPage';

// The login form comes with the page; the other screens (and the shared schemas they check with)
// when first opened.
const RegisterPage = lazy(() => import('./pages/RegisterPage').then((m) => ({ default: m.RegisterPage })));
const ConfirmSignUpPage = lazy(() =>
  import('./pages/ConfirmSignUpPage').then((m) => ({ default: m.ConfirmSignUpPage })),
);
const ForgotPasswordPage = lazy(() =>
  import('./pages/ForgotPasswordPage').then((m) => ({ default: m.ForgotPasswordPage })),
);
const ResetPasswordPage = lazy(() =>
  import('./pages/ResetPasswordPage').then((m) => ({ default: m.ResetPasswordPage })),
);
const AcceptInvitationPage = lazy(() =>
  import('./pages/AcceptInvitationPage').then((m) => ({ default: m.AcceptInvitationPage })),
);
const SsoCallbackPage = lazy(() => import('./pages/SsoCallbackPage').then((m) => ({ default: m.SsoCallbackPage })));
const SsoLinkPage = lazy(() => import('./pages/SsoLinkPage').then((m) => ({ default: m.SsoLinkPage })));

/** A screen of the sign-in app; `:token` in its pattern is given to the page. */
interface SignInRoute {
  pattern: string;
  Page: ComponentType<{ token: string }>;
}

/** The sign-in screens (packages/shared `SIGN_IN_ROUTES` lists the same: the server answers them with this app). */
export const SIGN_IN_SCREENS: readonly SignInRoute[] = [
  { pattern: '/auth/login', Page: LoginPage },
  { pattern: '/auth/register', Page: RegisterPage },
  { pattern: '/auth/confirm-sign-up/:token', Page: ConfirmSignUpPage },
  { pattern: '/auth/forgot-password', Page: ForgotPasswordPage },
  { pattern: '/auth/reset-password/:token', Page: ResetPasswordPage },
  { pattern: '/auth/accept-invitation/:token', Page: AcceptInvitationPage },
  // Before the team's link: "callback" would match its `:token` too.
  { pattern: '/auth/sso/callback', Page: SsoCallbackPage },
  { pattern: '/auth/sso/:token', Page: SsoLinkPage },
];

const compiled = SIGN_IN_SCREENS.map((route) => ({
  route,
  regex: new RegExp(`^${route.pattern.replace(':token', '([^/]+)')}/?$`),
}));

/** The screen for a path and its token (decoded), or null: the not-found screen. */
export function matchSignInScreen(pathname: string): { Page: SignInRoute['Page']; token: string } | null {
  for (const { route, regex } of compiled) {
    const match = regex.exec(pathname);
    if (!match) continue;
    let token = match[1] ?? '';
    try {
      token = decodeURIComponent(token);
    } catch {
      // A malformed escape: the page gets it as it is (and the server refuses it).
    }
    return { Page: route.Page, token };
  }
  return null;
}
