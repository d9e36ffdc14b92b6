import type { ReactNode } from 'react';

import { FormErrorAlert } from './FormErrorAlert';
import { SectionLoader } from './FullPageLoader';

interface QueryState {
  isPending: boolean;
  error: unknown;
  data: unknown;
}

/** The data of each query, once loaded. */
type Loaded<Q extends readonly QueryState[]> = { [K in keyof Q]: Exclude<Q[K]['data'], undefined> };

interface ListBodyProps<Q extends readonly QueryState[]> {
  /** The queries the list needs: it waits for all of them and shows the first failure. */
  queries: readonly [...Q];
  /** Shown while they load; a spinner unless given. */
  loader?: ReactNode;
  /** What shows instead of the list when it has nothing to show (falsy when it has something). */
  empty?: (...data: Loaded<Q>) => ReactNode;
  /** The list, given each query's data. */
  children: (...data: Loaded<Q>) => ReactNode;
}

/**
 * What waits for queries (a list, a form that needs them): a spinner, the first failure, an empty state, or the
 * content.
 */
export function ListBody<Q extends readonly QueryState[]>({
  queries,
  loader = <SectionLoader />,
  empty,
  children,
}: ListBodyProps<Q>) {
  if (queries.some((q) => q.isPending)) return loader;
  const failed = queries.find((q) => q.error);
  if (failed) return <FormErrorAlert error={failed.error} />;
  const data = queries.map((q) => q.data) as Loaded<Q>;
  return empty?.(...data) || children(...data);
}
