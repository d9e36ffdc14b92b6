import type { ReactNode } from 'react';

import classes from './Notice.module.css';

/**
 * A short error message in red (lighter than Mantine's Alert, which the buyer bundle does without); `tone="info"`: a
 * message in blue that is no error (announced politely, role="status").
 * `live`: announced when it appears (role="alert").
 */
export function Notice({
  children,
  live = true,
  tone = 'error',
}: {
  children: ReactNode;
  live?: boolean;
  tone?: 'error' | 'info';
}) {
  const info = tone === 'info';
  return (
    <div
      className={info ? `${classes.notice} ${classes.info}` : classes.notice}
      role={live ? (info ? 'status' : 'alert') : undefined}
    >
      {children}
    </div>
  );
}

/** A small grey label ("Sold out"). */
export function StateLabel({ children }: { children: ReactNode }) {
  return <span className={classes.badge}>{children}</span>;
}
