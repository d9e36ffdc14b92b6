import { useEffect, useState } from 'react';

/**
 * Mantine focuses a dialog's `[data-autofocus]` element when it opens. A form that appears later
 * (waiting for its data, or lazily loaded) would leave focus on the close button, or on the page
 * when a loader is replaced. Focuses it once it appears, unless focus is already inside the body.
 * Returns the callback ref for the dialog's body.
 */
export function useLateAutofocus(opened: boolean): (node: HTMLElement | null) => void {
  const [body, setBody] = useState<HTMLElement | null>(null);
  useEffect(() => {
    if (!opened || !body) return;
    const observer = new MutationObserver(() => {
      const target = body.querySelector<HTMLElement>('[data-autofocus]');
      if (!target) return;
      observer.disconnect();
      if (!body.contains(document.activeElement)) target.focus();
    });
    observer.observe(body, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, [opened, body]);
  return setBody;
}
