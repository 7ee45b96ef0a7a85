import type { StaffAccount } from '@agency/shared';

/**
 * What the page around an owner's screen hands it. A request of the screen that the server refuses needs no prop:
 * the staff area's query client ends the session on a 401 and asks the role again on a 403 (lib/staff-query.tsx).
 */
export interface OwnerScreenProps {
  /** Every account, as the owner check loaded it (and as the changes since have answered them). */
  accounts: StaffAccount[];
}
