import { useParams } from 'react-router';

import { ApiError, hasStatus } from '../../../lib/api-error';
import { useEvent } from '../api/events';

/**
 * The event named by `:eventId`. Throws a 404 to the route's error screen for unknown ids; while a
 * 401/403 redirect to the login page is under way it reports loading.
 */
export function useRouteEvent() {
  const { eventId } = useParams();
  const id = Number(eventId);
  const valid = Number.isInteger(id) && id > 0;
  const query = useEvent(id, valid);
  if (!valid) throw new ApiError(404, 'NOT_FOUND', '');
  if (query.isError && !hasStatus(query.error, 401) && !hasStatus(query.error, 403)) throw query.error;
  return { event: query.data, loading: query.isPending || query.isError };
}
