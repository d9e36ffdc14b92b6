import { ManageLayout } from '../layouts/ManageLayout';

export default ManageLayout;
