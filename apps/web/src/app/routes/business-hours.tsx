import { PATHS } from '@agency/shared';
import { BusinessHours, ResponseTargets } from '@/features/owner';
import { OwnerScreen } from '../owner-screen';

/**
 * /dashboard/business-hours (owners): the business calendar that response times and reminders count by, and the
 * first-response targets per kind (issue 21).
 */
export default function BusinessHoursPage() {
  return (
    <OwnerScreen current={PATHS.businessHours} title="Business hours">
      {() => (
        <>
          <BusinessHours />
          <ResponseTargets />
        </>
      )}
    </OwnerScreen>
  );
}
