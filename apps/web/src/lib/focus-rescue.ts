/** How long after a change the page keeps watching for lost focus. */
const DEFAULT_WAIT_MS = 10_000;

const focusLost = () => !document.activeElement || document.activeElement === document.body;

/** The page's main heading, made focusable from script (not a tab stop). */
function mainHeading(): HTMLElement | null {
  const heading = document.querySelector<HTMLElement>('main h1') ?? document.querySelector<HTMLElement>('h1');
  if (heading && !heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
  return heading;
}

/**
 * For a while after part of the page was replaced (a page change, a dialog closing), puts keyboard
 * focus back whenever it falls to <body> because the focused element went away: on `preferred` (the
 * button that opened a dialog) while it is still on the page, else on the page's main heading, which
 * may still be loading. Stops when the user clicks or presses a key, or after `waitMs`. Returns stop.
 */
export function rescueLostFocus({
  preferred = null,
  waitMs = DEFAULT_WAIT_MS,
}: { preferred?: Element | null; waitMs?: number } = {}): () => void {
  const rescue = () => {
    if (!focusLost()) return;
    const target = preferred instanceof HTMLElement && preferred.isConnected ? preferred : mainHeading();
    target?.focus();
  };
  const observer = new MutationObserver(rescue);
  const timer = window.setTimeout(stop, waitMs);
  function stop() {
    observer.disconnect();
    window.clearTimeout(timer);
    document.removeEventListener('pointerdown', stop, true);
    document.removeEventListener('keydown', stop, true);
  }
  document.addEventListener('pointerdown', stop, true);
  document.addEventListener('keydown', stop, true);
  observer.observe(document.body, { childList: true, subtree: true });
  rescue();
  return stop;
}
