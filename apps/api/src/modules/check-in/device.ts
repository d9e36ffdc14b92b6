import Bowser from 'bowser';

/**
 * The device as its browser names itself ("Chrome on Android"), for the check-in history; null when it says nothing
 * useful.
 */
export function deviceOf(userAgent: string | undefined): string | null {
  if (!userAgent) return null;
  const { browser, os } = Bowser.parse(userAgent);
  const label = [browser.name, os.name].filter(Boolean).join(' on ');
  return label ? label.slice(0, 100) : null;
}
