import { AuthLayout } from '../../features/auth/components/AuthLayout';

export default AuthLayout;
