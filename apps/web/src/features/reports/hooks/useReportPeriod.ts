import { useCallback, useLayoutEffect, useMemo, useRef } from 'react';
import { useSearchParams } from 'react-router';

import type { ReportPeriod } from '../api/reports';
import { dayParam } from '../report-period';

/**
 * The period of the reports screens, kept in the address (`?from=YYYY-MM-DD&to=YYYY-MM-DD`, absent:
 * open), so a report can be bookmarked and shared; other parameters are left as they are.
 *
 * `setPeriod` changes only the days it is given, on top of the last period asked for, not the last one
 * drawn: react-router hands a functional update the address of the last render, so of two fields changed
 * before the page has drawn the first change (autofill, a quick typist), the second would undo the first.
 */
export function useReportPeriod(): { period: ReportPeriod; setPeriod: (period: Partial<ReportPeriod>) => void } {
  const [params, setParams] = useSearchParams();
  const from = dayParam(params.get('from'));
  const to = dayParam(params.get('to'));
  const period = useMemo(() => ({ from, to }), [from, to]);
  const asked = useRef(period);
  useLayoutEffect(() => {
    asked.current = period;
  }, [period]);
  const setPeriod = useCallback(
    (next: Partial<ReportPeriod>) => {
      const wanted = { ...asked.current, ...next };
      asked.current = wanted;
      setParams(
        (current) => {
          const out = new URLSearchParams(current);
          for (const key of ['from', 'to'] as const) {
            const value = wanted[key];
            if (value) out.set(key, value);
            else out.delete(key);
          }
          return out;
        },
        { replace: true },
      );
    },
    [setParams],
  );
  return { period, setPeriod };
}
