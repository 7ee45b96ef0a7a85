import { PATHS } from '@agency/shared';
import { BusinessHours } from '@/features/owner';
import { OwnerScreen } from '../owner-screen';

/** /dashboard/business-hours (owners): the business calendar that response times and reminders count by (issue 21). */
export default function BusinessHoursPage() {
  return (
    <OwnerScreen current={PATHS.businessHours} title="Business hours">
      {() => <BusinessHours />}
    </OwnerScreen>
  );
}
