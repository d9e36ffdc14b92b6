import type { PublicDateState } from '@admitone/shared';
import { useLingui } from '@lingui/react/macro';

import classes from './DateChooser.module.css';

/** A date's state in words, for badges and labels; null for an ordinary date on sale. */
export function useDateStateText(): (state: PublicDateState) => string | null {
  const { t } = useLingui();
  return (state) => {
    switch (state) {
      case 'FEW_LEFT':
        return t`Few left`;
      case 'SOLD_OUT':
        return t({ message: 'Sold out', context: 'date status' });
      case 'CANCELLED':
        return t({ message: 'Cancelled', context: 'date status' });
      case 'OVER':
        return t({ message: 'Over', context: 'date status' });
      default:
        return null;
    }
  };
}

/** "Few left", "Sold out", "Cancelled" next to a date; nothing for one on sale. */
export function DateStateBadge({ state }: { state: PublicDateState }) {
  const text = useDateStateText()(state);
  if (!text) return null;
  return (
    <span className={classes.badge} data-state={state}>
      {text}
    </span>
  );
}
