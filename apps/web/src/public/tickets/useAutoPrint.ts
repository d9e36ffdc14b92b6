import { useEffect, useRef } from 'react';

/** True when the browser is driven by automation (tests): no print dialog then. */
export const isAutomated = (): boolean => typeof navigator !== 'undefined' && navigator.webdriver === true;

/** Resolves once every image on the page has loaded (or failed), so QR codes are on the sheet. */
const imagesSettled = () =>
  Promise.all(
    Array.from(document.images, (img) => (img.complete ? Promise.resolve() : img.decode().catch(() => undefined))),
  );

/** Opens the print dialog once, when the page and its images are ready (not under automation). */
export function useAutoPrint(ready: boolean): void {
  const done = useRef(false);
  useEffect(() => {
    if (!ready || done.current || isAutomated()) return;
    done.current = true;
    let cancelled = false;
    void imagesSettled().then(() => {
      if (!cancelled) window.print();
    });
    return () => {
      cancelled = true;
    };
  }, [ready]);
}
