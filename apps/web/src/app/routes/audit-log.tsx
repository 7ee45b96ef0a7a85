import { PATHS } from '@agency/shared';
import { AuditLog } from '@/features/owner';
import { OwnerScreen } from '../owner-screen';

/** /dashboard/audit-log (owners): every sensitive action, filtered and exported (issue 12). */
export default function AuditLogPage() {
  return (
    <OwnerScreen current={PATHS.auditLog} title="Audit log">
      {(props) => <AuditLog {...props} />}
    </OwnerScreen>
  );
}
