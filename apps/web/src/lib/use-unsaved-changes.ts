import { createContext, useCallback, useContext, useEffect, useId, useState } from 'react';
import { type Blocker, type BlockerFunction, useBlocker } from 'react-router';

import { LOGIN_PATH } from './api-client';
import { leavingOnPurpose } from './page-leave';

/** How a form tells its page's guard (components/UnsavedChangesGuard) whether it has unsaved edits. */
export type ReportUnsaved = (formId: string, dirty: boolean) => void;

/** Provided by the page's UnsavedChangesGuard; forms reach it through useUnsavedChanges. */
export const UnsavedChangesContext = createContext<ReportUnsaved | null>(null);

/** The set of forms with unsaved edits after one form's report; the same set when nothing changed. */
export function withReport(dirtyForms: ReadonlySet<string>, formId: string, dirty: boolean): ReadonlySet<string> {
  if (dirtyForms.has(formId) === dirty) return dirtyForms;
  const next = new Set(dirtyForms);
  if (dirty) next.add(formId);
  else next.delete(formId);
  return next;
}

/**
 * Whether a navigation would throw the page's edits away: another path does (the forms unmount), a
 * change of only the query or the hash keeps the page. The login page is let through: it means the
 * session ended (logging out, an expired session), so nothing could be saved any more.
 */
export const leavesPage: BlockerFunction = ({ currentLocation, nextLocation }) =>
  currentLocation.pathname !== nextLocation.pathname && nextLocation.pathname !== LOGIN_PATH;

/** One page's record of which of its forms have unsaved edits: `report` for the forms, `dirty` while any has. */
export function useUnsavedRegistry(): { dirty: boolean; report: ReportUnsaved } {
  const [dirtyForms, setDirtyForms] = useState<ReadonlySet<string>>(() => new Set());
  const report = useCallback<ReportUnsaved>(
    (formId, dirty) => setDirtyForms((current) => withReport(current, formId, dirty)),
    [],
  );
  return { dirty: dirtyForms.size > 0, report };
}

/** Pages whose guard holds unsaved edits now (at most one is on screen). */
let guardsWithEdits = 0;

/**
 * Whether the page on screen has unsaved edits: logging out (which the leave guard lets through, see
 * `leavesPage`) asks first while it has (UserMenu).
 */
export const hasUnsavedEdits = (): boolean => guardsWithEdits > 0;

/** The browser's own "Leave site?" prompt on reload, closing the tab or typing another address, while `dirty`. */
export function useBeforeUnloadWhile(dirty: boolean): void {
  useEffect(() => {
    if (!dirty) return;
    const onBeforeUnload = (event: BeforeUnloadEvent) => {
      if (leavingOnPurpose()) return;
      event.preventDefault();
      // Older browsers ask only when returnValue is set.
      event.returnValue = '';
    };
    window.addEventListener('beforeunload', onBeforeUnload);
    return () => window.removeEventListener('beforeunload', onBeforeUnload);
  }, [dirty]);
}

/**
 * While `dirty`, holds navigation within the app that would leave the page (a link, the back button)
 * until the blocker is proceeded or reset, and sets the beforeunload prompt. One per page: the router
 * keeps only one blocker at a time, so the page's forms report to one guard instead of blocking each.
 */
export function useLeaveGuard(dirty: boolean): Blocker {
  const shouldBlock = useCallback<BlockerFunction>((args) => dirty && leavesPage(args), [dirty]);
  const blocker = useBlocker(shouldBlock);
  useBeforeUnloadWhile(dirty);
  useEffect(() => {
    if (!dirty) return;
    guardsWithEdits++;
    return () => void guardsWithEdits--;
  }, [dirty]);
  // Nothing left to lose (the edits were saved meanwhile): nothing to ask about either.
  useEffect(() => {
    if (blocker.state === 'blocked' && !dirty) blocker.reset();
  }, [blocker, dirty]);
  return blocker;
}

/**
 * A form reports whether it has unsaved edits to the page's guard (UnsavedChangesGuard around the
 * page; without one it reports nowhere) and gets the flag back, for its "Unsaved changes" badge.
 */
export function useUnsavedChanges(dirty: boolean): boolean {
  const report = useContext(UnsavedChangesContext);
  const formId = useId();
  useEffect(() => {
    if (!report || !dirty) return;
    report(formId, true);
    return () => report(formId, false);
  }, [report, formId, dirty]);
  return dirty;
}
