import type { Migration } from 'kysely';
import { initialSchema } from './0001-initial';
import { installationClaimNeverReopens } from './0002-installation-claim-never-reopens';
import { mailOutbox } from './0003-outbox';
import { profileImagesInDatabase } from './0004-profile-images';
import { rateLimits } from './0005-rate-limits';
import { enquiryReferences } from './0006-enquiry-references';
import { inbox } from './0007-inbox';
import { inboxSearch } from './0008-inbox-search';
import { ownersAuditRetention } from './0009-owners-audit-retention';
import { oneEnquiryTable } from './0010-one-enquiry-table';
import { conversations } from './0011-conversations';
import { shippedSavedReplies } from './0013-saved-replies';
import { searchIndex } from './0015-search-index';
import { businessCalendar } from './0016-business-calendar';
import { responseTimes } from './0017-response-times';
import { reportsIndex } from './0018-reports-index';
import { content } from './0019-content';
import { undo } from './0020-undo';
import { formOutcomes } from './0021-form-outcomes';
import { displayNames } from './0022-display-names';
import { teamNotifications } from './0023-team-notifications';

/** Every migration, in order. Imported statically so the production bundle carries them. */
export const MIGRATIONS: Record<string, Migration> = {
  '0001-initial': initialSchema,
  '0002-installation-claim-never-reopens': installationClaimNeverReopens,
  '0003-outbox': mailOutbox,
  '0004-profile-images': profileImagesInDatabase,
  '0005-rate-limits': rateLimits,
  '0006-enquiry-references': enquiryReferences,
  '0007-inbox': inbox,
  '0008-inbox-search': inboxSearch,
  '0009-owners-audit-retention': ownersAuditRetention,
  '0010-one-enquiry-table': oneEnquiryTable,
  '0011-conversations': conversations,
  '0013-saved-replies': shippedSavedReplies,
  '0015-search-index': searchIndex,
  '0016-business-calendar': businessCalendar,
  '0017-response-times': responseTimes,
  '0018-reports-index': reportsIndex,
  '0019-content': content,
  '0020-undo': undo,
  '0021-form-outcomes': formOutcomes,
  '0022-display-names': displayNames,
  '0023-team-notifications': teamNotifications,
};
