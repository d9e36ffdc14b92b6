import { SingleSignOnPage } from '../../features/account/components/SingleSignOnPage';

export default SingleSignOnPage;
