import type { AppDeps } from '../../app-deps';
import { submitMessage } from './messages.service';
import type { EnquiryStore } from './submission-contract';

/** Stores on the app's own connection, in the request that brings the submission (docs/decisions/0032). */
export function inProcessEnquiryStore(deps: Pick<AppDeps, 'db' | 'mail' | 'clock' | 'config'>): EnquiryStore {
  return { submit: (kind, submission, verdict) => submitMessage(deps, kind, submission, verdict) };
}
