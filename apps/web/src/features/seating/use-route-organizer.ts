import { useParams } from 'react-router';

import { ApiError, hasStatus } from '../../lib/api-error';
import { useOrganizer } from '../organizers/api/organizers';

/** A positive whole number from a path segment, else a not-found error for the route's error screen. */
export function routeId(value: string | undefined): number {
  const id = Number(value);
  if (!Number.isInteger(id) || id <= 0) throw new ApiError(404, 'NOT_FOUND', '');
  return id;
}

/** The organizer named by `:organizerId` (its name for the headings); an unknown one is the not-found screen. */
export function useRouteOrganizer() {
  const { organizerId } = useParams();
  const id = Number(organizerId);
  const valid = Number.isInteger(id) && id > 0;
  const query = useOrganizer(id, valid);
  if (!valid) throw new ApiError(404, 'NOT_FOUND', '');
  if (query.isError && !hasStatus(query.error, 401) && !hasStatus(query.error, 403)) throw query.error;
  return { organizerId: id, organizer: query.data };
}
