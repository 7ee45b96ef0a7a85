import type { StaffAccount } from '@agency/shared';

/** What the page around an owner's screen hands it. */
export interface OwnerScreenProps {
  /** Every account, as the owner check loaded it. */
  accounts: StaffAccount[];
  /** Loads the accounts again (and with them the check whether the user is still an owner). */
  reloadAccounts: () => void;
  /** The server answered 401 or 403 to a later request: the page checks the session and the role again. */
  onDenied: (status: 401 | 403) => void;
}
