import { MessagesPage } from '../../features/messages/components/MessagesPage';

export default MessagesPage;
