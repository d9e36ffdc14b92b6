import { PromoCodesPage } from '../../features/promo-codes/components/PromoCodesPage';

export default PromoCodesPage;
