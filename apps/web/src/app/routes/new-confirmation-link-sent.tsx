import { NewConfirmationLinkSent, StaffCardColumn } from '@/features/auth';

/** /new-confirmation-link/sent (issue 17): the answer to a request made without JavaScript. */
export default function NewConfirmationLinkSentPage() {
  return (
    <StaffCardColumn>
      <NewConfirmationLinkSent />
    </StaffCardColumn>
  );
}
