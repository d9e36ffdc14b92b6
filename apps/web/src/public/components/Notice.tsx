import type { ReactNode } from 'react';

import classes from './Notice.module.css';

/**
 * A short error message in red (lighter than Mantine's Alert, which the buyer bundle does without).
 * `live`: announced when it appears (role="alert").
 */
export function Notice({ children, live = true }: { children: ReactNode; live?: boolean }) {
  return (
    <div className={classes.notice} role={live ? 'alert' : undefined}>
      {children}
    </div>
  );
}

/** A small grey label ("Sold out"). */
export function StateLabel({ children }: { children: ReactNode }) {
  return <span className={classes.badge}>{children}</span>;
}
