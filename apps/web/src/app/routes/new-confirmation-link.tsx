import { NewConfirmationLinkForm, StaffCardColumn } from '@/features/auth';

/** /new-confirmation-link (issue 17): asks for a new confirmation link. */
export default function NewConfirmationLinkPage() {
  return (
    <StaffCardColumn>
      <NewConfirmationLinkForm />
    </StaffCardColumn>
  );
}
