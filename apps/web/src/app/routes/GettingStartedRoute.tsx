import { GettingStartedPage } from '../../features/getting-started/components/GettingStartedPage';

export default GettingStartedPage;
