import { WidgetPage } from '../../features/widget/components/WidgetPage';

export default WidgetPage;
