import { AuditLogPage } from '../../features/audit-log/components/AuditLogPage';

export default AuditLogPage;
