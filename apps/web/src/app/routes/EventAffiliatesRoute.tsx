import { AffiliatesPage } from '../../features/affiliates/components/AffiliatesPage';

export default AffiliatesPage;
