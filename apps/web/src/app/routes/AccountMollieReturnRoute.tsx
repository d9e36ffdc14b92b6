import { MollieReturnPage } from '../../features/account/components/MollieReturnPage';

export default MollieReturnPage;
