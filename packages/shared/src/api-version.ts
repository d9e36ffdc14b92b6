/**
 * The API's dated versions, oldest first (docs: the guide's "Versioning and changes"). A client picks one
 * with the `AdmitOne-Version` request header; without it, it gets the account's pinned version (the newest
 * when the account was made; an admin moves it on). Every answer names the version it was made by.
 */
export const API_VERSIONS = ['2026-12-01'] as const;
export type ApiVersion = (typeof API_VERSIONS)[number];
export const API_VERSION_HEADER = 'AdmitOne-Version';

/** The newest version: what a new account is pinned to, and what answers without an account use. */
export const LATEST_API_VERSION: ApiVersion = API_VERSIONS[API_VERSIONS.length - 1]!;

export const isApiVersion = (value: unknown): value is ApiVersion =>
  typeof value === 'string' && (API_VERSIONS as readonly string[]).includes(value);
