import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import type { ReportPeriod } from '../api/reports';
import { dayParam } from '../report-period';

/**
 * The period of the reports screens, kept in the address (`?from=YYYY-MM-DD&to=YYYY-MM-DD`, absent:
 * open), so a report can be bookmarked and shared; other parameters are left as they are.
 */
export function useReportPeriod(): { period: ReportPeriod; setPeriod: (period: ReportPeriod) => void } {
  const [params, setParams] = useSearchParams();
  const from = dayParam(params.get('from'));
  const to = dayParam(params.get('to'));
  const period = useMemo(() => ({ from, to }), [from, to]);
  const setPeriod = useCallback(
    (next: ReportPeriod) =>
      setParams(
        (current) => {
          const out = new URLSearchParams(current);
          for (const key of ['from', 'to'] as const) {
            const value = next[key];
            if (value) out.set(key, value);
            else out.delete(key);
          }
          return out;
        },
        { replace: true },
      ),
    [setParams],
  );
  return { period, setPeriod };
}
