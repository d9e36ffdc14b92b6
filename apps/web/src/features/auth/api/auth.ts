import type {
  AcceptInvitationExistingUserBody,
  AcceptInvitationNewUserBody,
  AuthResponse,
  ForgotPasswordBody,
  InvitationDto,
  LegalLinksDto,
  LoginBody,
  LoginTwoFactorBody,
  One,
  PasskeyOptionsDto,
  PasskeyOptionsForChallengeBody,
  PasskeySignInBody,
  RegisterBody,
  ResetLinkDto,
  ResetPasswordBody,
  SsoCallbackBody,
  SsoStartBody,
  SwitchAccountBody,
} from '@admitone/shared';
import { queryOptions, useMutation } from '@tanstack/react-query';

import { api } from '../../../lib/api-client';

/** Logs in; the client stores the returned token. `token` is null while an account must be chosen. */
export const login = (body: LoginBody) => api.post<AuthResponse>('/auth/login', body);
/**
 * The sign-in's second step: the challenge and a code (or a recovery code). Answers the token, or the accounts to
 * choose from (then the same call again with the challenge and `account_id`, no code).
 */
export const loginTwoFactor = (body: LoginTwoFactorBody) => api.post<AuthResponse>('/auth/login/two-factor', body);
/** A passkey as the second step: a ceremony for the person's passkeys, tied to the challenge (then loginTwoFactor). */
export const passkeyOptionsForChallenge = (body: PasskeyOptionsForChallengeBody) =>
  api.post<One<PasskeyOptionsDto>>('/auth/login/two-factor/passkey-options', body).then((r) => r.data);
/** Signing in with a passkey alone: a ceremony any passkey of this site answers (the browser offers the person's). */
export const passkeySignInOptions = () => api.post<One<PasskeyOptionsDto>>('/auth/passkey/options').then((r) => r.data);
/**
 * Signs in with the passkey's answer: like `login`, the token, or for a person of several accounts a passed challenge
 * to choose one with (through `loginTwoFactor`, with `account_id`).
 */
export const passkeySignIn = (body: PasskeySignInBody) => api.post<AuthResponse>('/auth/passkey', body);
/**
 * Starts a single sign-on with a member's address or the team's link (its random part): the identity provider's
 * sign-in page to send the browser to.
 */
export const startSso = (body: SsoStartBody) =>
  api.post<One<{ url: string }>>('/auth/sso/start', body).then((r) => r.data);
/**
 * Finishes a single sign-on with the provider's answer (the callback page's query string): answered like a login (the
 * client stores the token). Its state works once: never sent again after an error.
 */
export const finishSso = (body: SsoCallbackBody) => api.post<AuthResponse>('/auth/sso/callback', body);
/** Starts a sign-up: the same answer whether or not the address has a login (the mail says which). */
export const register = (body: RegisterBody) => api.post<{ message: string }>('/auth/register', body);
/** Finishes a sign-up with the mailed link: answered like a login (the client stores the token). */
export const confirmSignUp = (token: string) =>
  api.post<AuthResponse>(`/auth/confirm-sign-up/${encodeURIComponent(token)}`, undefined);
export const logout = () => api.post<void>('/auth/logout', undefined, { redirectOnUnauthorized: false });
export const forgotPassword = (body: ForgotPasswordBody) =>
  api.post<{ message: string }>('/auth/forgot-password', body);
export const resetPassword = (token: string, body: ResetPasswordBody) =>
  api.post<{ message: string }>(`/auth/reset-password/${encodeURIComponent(token)}`, body);

export const switchAccount = (body: SwitchAccountBody) => api.post<AuthResponse>('/auth/switch-account', body);
export const acceptInvitation = (token: string, body: AcceptInvitationNewUserBody | AcceptInvitationExistingUserBody) =>
  api.post<AuthResponse>(`/auth/invitation/${encodeURIComponent(token)}`, body);

export const authKeys = {
  resetToken: (token: string) => ['auth', 'reset-password', token] as const,
  invitation: (token: string) => ['auth', 'invitation', token] as const,
};

/**
 * Checks a reset link before showing the form; answers the e-mail it belongs to and the working API keys its person
 * made.
 */
export const resetTokenQueryOptions = (token: string) =>
  queryOptions({
    queryKey: authKeys.resetToken(token),
    queryFn: () =>
      api.get<{ data: ResetLinkDto }>(`/auth/reset-password/${encodeURIComponent(token)}`).then((r) => r.data),
    retry: false,
    staleTime: 0,
  });

export const useLogin = () => useMutation({ mutationFn: login });
export const useLoginTwoFactor = () => useMutation({ mutationFn: loginTwoFactor });
export const useStartSso = () => useMutation({ mutationFn: startSso });
export const useFinishSso = () => useMutation({ mutationFn: finishSso });
export const useRegister = () => useMutation({ mutationFn: register });
export const useConfirmSignUp = () => useMutation({ mutationFn: confirmSignUp });
export const useForgotPassword = () => useMutation({ mutationFn: forgotPassword });
export const useResetPassword = (token: string) =>
  useMutation({ mutationFn: (body: ResetPasswordBody) => resetPassword(token, body) });

/** Who invited whom to which account; an invalid or used link answers 400 INVALID_LINK. */
export const invitationQueryOptions = (token: string) =>
  queryOptions({
    queryKey: authKeys.invitation(token),
    queryFn: () => api.get<One<InvitationDto>>(`/auth/invitation/${encodeURIComponent(token)}`).then((r) => r.data),
    retry: false,
    staleTime: 0,
  });

export const useAcceptInvitation = (token: string) =>
  useMutation({
    mutationFn: (body: AcceptInvitationNewUserBody | AcceptInvitationExistingUserBody) => acceptInvitation(token, body),
  });

/** The operator's terms and privacy policy, which the sign-up's "I accept" links to (nulls: none set). */
export const legalLinksQueryOptions = () =>
  queryOptions({
    queryKey: ['public', 'legal'] as const,
    queryFn: () => api.get<{ data: LegalLinksDto }>('/public/legal').then((r) => r.data),
    staleTime: Infinity,
    retry: false,
  });
