import { Trans } from '@lingui/react/macro';
import type { ReactNode } from 'react';

import classes from './print.module.css';

/** A print-ready page: black on white, no navigation; a Print button only on screen. */
export function PrintSheet({ children }: { children: ReactNode }) {
  return (
    <main className={classes.page}>
      <div className={classes.sheet}>
        <div className={classes.screenOnly}>
          <button type="button" onClick={() => window.print()} className={classes.printButton}>
            <Trans>Print</Trans>
          </button>
        </div>
        {children}
      </div>
    </main>
  );
}

export { classes as printClasses };
