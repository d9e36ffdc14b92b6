import '@mantine/core/styles/Notification.css';
import '@mantine/notifications/styles.css';
import { Notifications } from '@mantine/notifications';

/** Toasts: at most five, closing after 4 s, bottom right (SPEC §9). */
export default function AppNotifications() {
  return <Notifications limit={5} autoClose={4000} position="bottom-right" />;
}
