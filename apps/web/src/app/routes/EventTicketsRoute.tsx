import { TicketsPage } from '../../features/tickets/components/TicketsPage';

export default TicketsPage;
