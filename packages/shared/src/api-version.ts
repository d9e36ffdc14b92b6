/**
 * The API's dated versions, oldest first (docs: the guide's "Versioning and changes"). A client picks one
 * with the `AdmitOne-Version` request header; without it, it gets the account's pinned version: the one
 * current when the account was made. Every answer names the version it was made by.
 */
export const API_VERSIONS = ['2026-12-01'] as const;
export type ApiVersion = (typeof API_VERSIONS)[number];
export const API_VERSION_HEADER = 'AdmitOne-Version';

/** The version an account is pinned to: the newest one dated no later than the account's creation. */
export function pinnedApiVersion(accountCreatedAt: Date | null): ApiVersion {
  if (!accountCreatedAt) return API_VERSIONS[API_VERSIONS.length - 1]!;
  const day = accountCreatedAt.toISOString().slice(0, 10);
  const dated = API_VERSIONS.filter((v) => v <= day);
  return dated[dated.length - 1] ?? API_VERSIONS[0];
}
