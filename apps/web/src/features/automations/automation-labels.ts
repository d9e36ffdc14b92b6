import { plural } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { useCallback } from 'react';

/** A length of time in minutes in words: "48 hours", "30 minutes", "1 hour 30 minutes". */
export function useDurationText() {
  const { t } = useLingui();
  return useCallback(
    (minutes: number): string => {
      const h = Math.floor(minutes / 60);
      const m = minutes % 60;
      const hours = plural(h, { one: '# hour', other: '# hours' });
      const mins = plural(m, { one: '# minute', other: '# minutes' });
      if (!m) return hours;
      if (!h) return mins;
      return t({ message: `${hours} ${mins}`, comment: 'A length of time: "1 hour" and "30 minutes"' });
    },
    [t],
  );
}
