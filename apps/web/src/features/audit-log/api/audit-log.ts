import { type AuditAction, type AuditEntryDto, LIMITS, type Paginated } from '@admitone/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';

import { api, type QueryParams } from '../../../lib/api-client';
import { downloadFile } from '../../exports/api/download-export';
import type { ExportFormat } from '../../exports/api/export-progress';
import { teamQueryOptions } from '../../team/api/team';

/** What the log is narrowed to: an action, a member (their team list id), an event, days (UTC, both included). */
export interface AuditFilters {
  action?: AuditAction;
  member_id?: number;
  event_id?: number;
  from?: string;
  to?: string;
}

/** What `GET /accounts/{id}/audit-log` takes. */
export interface AuditListParams extends AuditFilters {
  page: number;
  per_page: number;
}

/** A member the log can be narrowed to (by their id in the team list). */
export interface AuditMember {
  id: number;
  name: string;
}

export const auditKeys = {
  all: ['audit-log'] as const,
  list: (accountId: number, params: AuditListParams) => ['audit-log', accountId, 'list', params] as const,
};

const base = (accountId: number) => `/accounts/${accountId}/audit-log`;

export const fetchAuditLog = (accountId: number, params: AuditListParams) =>
  api.get<Paginated<AuditEntryDto>>(base(accountId), { query: params as unknown as QueryParams });

/** A page of the account's audit log, newest first (admins: `account.manage`). */
export const useAuditLog = (accountId: number, params: AuditListParams, enabled = true) =>
  useQuery({
    queryKey: auditKeys.list(accountId, params),
    queryFn: () => fetchAuditLog(accountId, params),
    placeholderData: keepPreviousData,
    enabled,
  });

/** The account's members (not pending invitations), by name: the member filter's choices. */
export const useAuditMembers = () =>
  useQuery({
    ...teamQueryOptions({ page: 1, per_page: LIMITS.PER_PAGE_MAX, sort_by: 'name', sort_direction: 'asc' }),
    select: (page): AuditMember[] => page.data.filter((m) => !m.invited).map((m) => ({ id: m.id, name: m.name })),
  });

/** The whole log matching the filters as a CSV or Excel file (the download is itself logged). */
export const downloadAuditLog = (accountId: number, filters: AuditFilters, format: ExportFormat, locale: string) =>
  downloadFile(`${base(accountId)}/export`, filters as QueryParams, { format, locale }, 'audit-log');
