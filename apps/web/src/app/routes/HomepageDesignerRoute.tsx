import { HomepageDesignerPage } from '../../features/homepage-designer/components/HomepageDesignerPage';

export default HomepageDesignerPage;
