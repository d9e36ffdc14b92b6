import { WebhooksPage } from '../../features/webhooks/components/WebhooksPage';

export default WebhooksPage;
