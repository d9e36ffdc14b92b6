import { useLingui } from '@lingui/react/macro';
import { notifications } from '@mantine/notifications';

/** Copies a link to a path of this site and says so (`copied`), or that it could not. */
export function useCopyLink() {
  const { t } = useLingui();
  return async (path: string, copied: string) => {
    try {
      await navigator.clipboard.writeText(window.location.origin + path);
      notifications.show({ color: 'teal', message: copied });
    } catch {
      notifications.show({ color: 'red', message: t`The link could not be copied.` });
    }
  };
}
