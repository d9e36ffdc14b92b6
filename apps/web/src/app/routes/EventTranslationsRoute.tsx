import { TranslationsPage } from '../../features/translations/components/TranslationsPage';

export default TranslationsPage;
