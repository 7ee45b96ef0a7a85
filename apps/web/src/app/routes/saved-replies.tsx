import { PATHS } from '@agency/shared';
import { SavedReplies } from '@/features/owner';
import { OwnerScreen } from '../owner-screen';

/** /dashboard/saved-replies (owners): the saved replies staff start an e-mail answer from (issue 20). */
export default function SavedRepliesPage() {
  return (
    <OwnerScreen current={PATHS.savedReplies} title="Saved replies">
      {() => <SavedReplies />}
    </OwnerScreen>
  );
}
