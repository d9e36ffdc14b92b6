import { isRouteErrorResponse, useRouteError } from 'react-router';

import { isApiError } from '../lib/api-error';
import { ErrorScreen } from './ErrorScreen';

/** Error element of every route: 404s (router or API) get the not-found message. */
export function RouteError() {
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : isApiError(error) ? error.status : 500;
  return <ErrorScreen notFound={status === 404} />;
}

/** The catch-all `*` route. */
export function NotFound() {
  return <ErrorScreen notFound />;
}
