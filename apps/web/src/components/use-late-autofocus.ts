import { useEffect, useState } from 'react';

/**
 * Mantine focuses a dialog's `[data-autofocus]` element when it opens. A form that appears later
 * (waiting for its data, or lazily loaded) would leave focus on the close button, or on the page
 * when a loader is replaced. Focuses it once it appears, when focus is on the page or on the dialog's
 * header: not when it is already inside the body, nor in something the dialog opened outside it (a
 * date field's dropdown, whose changes to the field are the first the body sees after a quick form).
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
      const active = document.activeElement;
      const lost = !active || active === document.body || Boolean(body.closest('[role="dialog"]')?.contains(active));
      if (lost && !body.contains(active)) target.focus();
    });
    observer.observe(body, { childList: true, subtree: true });
    return () => observer.disconnect();
  }, [opened, body]);
  return setBody;
}
