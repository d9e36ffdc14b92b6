import { rescueLostFocus } from './focus-rescue';

/** sessionStorage key: this tab left one of the apps' pages on purpose for another (see `leavePage`). */
const ARRIVING_KEY = 'admitone.arriving';

/**
 * Set once the app leaves the page on purpose with a page load (logging out, switching accounts, a
 * session that ended, a finished login): the browser's own "Leave site?" prompt for unsaved edits
 * (use-unsaved-changes.ts) is not shown then. The app asked already where there was anything to lose,
 * or there is nothing left that could be saved.
 */
let onPurpose = false;

// Back to the page after leaving it (the browser's back-forward cache keeps the page as it was): it is
// on screen again, and leaving it now is a new question.
if (typeof window !== 'undefined') window.addEventListener('pageshow', () => void (onPurpose = false));

/** Leaves the page (`go` loads another of the apps' pages) without the browser's prompt. */
export function leavePage(go: () => void): void {
  onPurpose = true;
  try {
    sessionStorage.setItem(ARRIVING_KEY, '1');
  } catch {
    // Storage refused (private mode): the next page just starts with focus where browsers put it.
  }
  go();
}

/** Whether the page is being left on purpose. */
export const leavingOnPurpose = (): boolean => onPurpose;

/**
 * At an app's start: when this tab came from another of the apps' pages on purpose (a login, an account
 * switch), keyboard focus goes to the new page's main heading once it shows, as after a move within an
 * app (focus-rescue.ts), instead of starting over at the top of the page.
 */
export function focusAfterArriving(): void {
  let arriving: boolean;
  try {
    arriving = sessionStorage.getItem(ARRIVING_KEY) === '1';
    sessionStorage.removeItem(ARRIVING_KEY);
  } catch {
    return;
  }
  if (arriving) rescueLostFocus();
}
