import { PATHS } from '@agency/shared';
import { DataRequests } from '@/features/owner';
import { OwnerScreen } from '../owner-screen';

/** /dashboard/data-requests (owners): a person's records found, exported and erased (issue 12). */
export default function DataRequestsPage() {
  return (
    <OwnerScreen current={PATHS.dataRequests} title="Data requests">
      {() => <DataRequests />}
    </OwnerScreen>
  );
}
