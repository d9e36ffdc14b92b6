import type { FileAnswer } from '@admitone/shared';

import { tokenStore } from '../../../lib/api-client';
import { ApiError, NETWORK_ERROR } from '../../../lib/api-error';
import { saveFile } from '../../exports/api/download-export';

/**
 * Fetches a file a buyer uploaded as an answer (with the bearer token: a plain link would carry none) and
 * hands it to the browser's "save" under its name. A refusal becomes an ApiError with the server's message.
 */
export async function downloadAnswerFile(
  eventId: number,
  orderId: number,
  file: FileAnswer,
  locale?: string,
): Promise<void> {
  const headers: Record<string, string> = {};
  const token = tokenStore.get();
  if (token) headers.Authorization = `Bearer ${token}`;
  if (locale) headers['Accept-Language'] = locale;
  let response: Response;
  try {
    response = await fetch(`/api/events/${eventId}/orders/${orderId}/files/${file.file_id}`, { headers });
  } catch {
    throw new ApiError(0, NETWORK_ERROR, '');
  }
  if (!response.ok) throw ApiError.fromBody(response.status, await response.json().catch(() => undefined));
  saveFile(await response.blob(), file.name);
}
