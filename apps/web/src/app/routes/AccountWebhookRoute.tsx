import { WebhookDetailPage } from '../../features/webhooks/components/WebhookDetailPage';

export default WebhookDetailPage;
