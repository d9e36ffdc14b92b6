import {
  type QueryParams,
  type QueryValue,
  redirectToLogin,
  shouldRedirectToLogin,
  tokenStore,
  toQueryString,
} from '../../../lib/api-client';
import { ApiError, NETWORK_ERROR } from '../../../lib/api-error';
import { attachmentName, createLineCounter, type ExportFormat, exportFraction } from './export-progress';

/** What is exported: the part of the event's path before `/export`. */
export type ExportKind = 'attendees' | 'orders' | 'invoices' | 'check-ins' | 'waitlist' | 'box-office/shifts';

/** The list's search and filters (paging and sorting are ignored: the export has every row). */
export interface ExportParams {
  query?: string;
  filter_fields?: Record<string, QueryValue>;
  /** Check-ins: of one list only. */
  list_id?: number;
}

export interface ExportProgress {
  /** Rows announced by the server (`X-Total-Rows`). */
  total: number | null;
  /** Share done, 0..1 (an estimate for XLSX). */
  fraction: number | null;
  /** CSV: rows received so far. */
  rows: number;
}

export interface DownloadOptions {
  format: ExportFormat;
  signal?: AbortSignal;
  locale?: string;
  onProgress?: (progress: ExportProgress) => void;
}

/**
 * Fetches an export with the bearer token, reading the body as it streams to report progress;
 * answers the file. A refusal (404, 422...) becomes an ApiError with the server's message.
 */
export function downloadExport(
  eventId: number,
  kind: ExportKind,
  params: ExportParams,
  o: DownloadOptions,
): Promise<{ blob: Blob; filename: string }> {
  return downloadFile(
    `/events/${eventId}/${kind}/export`,
    { query: params.query, filter_fields: params.filter_fields, list_id: params.list_id },
    o,
    kind.replace('/', '-'),
  );
}

/**
 * Fetches a file download of the API (`path` under /api, with `query` and `format=`) with the bearer
 * token, reading the body as it streams to report progress; answers the file (named by the server,
 * else `fallback.format`). A refusal (404, 422...) becomes an ApiError with the server's message.
 */
export async function downloadFile(
  path: string,
  query: QueryParams,
  o: DownloadOptions,
  fallback = 'export',
): Promise<{ blob: Blob; filename: string }> {
  const headers: Record<string, string> = {
    Accept: `${o.format === 'csv' ? 'text/csv' : 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'}, application/json`,
  };
  const token = tokenStore.get();
  if (token) headers.Authorization = `Bearer ${token}`;
  if (o.locale) headers['Accept-Language'] = o.locale;
  let response: Response;
  try {
    response = await fetch(`/api${path}${toQueryString({ ...query, format: o.format })}`, {
      headers,
      signal: o.signal,
    });
  } catch (cause) {
    if (cause instanceof DOMException && cause.name === 'AbortError') throw cause;
    throw new ApiError(0, NETWORK_ERROR, '');
  }
  if (!response.ok) {
    const body: unknown = await response.json().catch(() => undefined);
    if ((response.status === 401 || response.status === 403) && shouldRedirectToLogin(window.location.pathname))
      redirectToLogin();
    throw ApiError.fromBody(response.status, body);
  }
  const header = response.headers.get('x-total-rows');
  const total = header !== null && /^\d+$/.test(header) ? Number(header) : null;
  const counter = createLineCounter();
  const chunks: Uint8Array[] = [];
  let bytes = 0;
  o.onProgress?.({ total, fraction: total === null ? null : 0, rows: 0 });
  const reader = response.body!.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    chunks.push(value);
    bytes += value.length;
    if (o.format === 'csv') counter.push(value);
    o.onProgress?.({
      total,
      fraction: exportFraction(o.format, { lines: counter.lines, bytes }, total),
      rows: Math.max(0, counter.lines - 1),
    });
  }
  const type = response.headers.get('content-type') ?? 'application/octet-stream';
  return {
    blob: new Blob(chunks as BlobPart[], { type }),
    filename: attachmentName(response.headers.get('content-disposition'), `${fallback}.${o.format}`),
  };
}

export { saveFile } from '../../../lib/save-file';
