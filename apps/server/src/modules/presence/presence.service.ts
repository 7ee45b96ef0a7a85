import { PRESENCE_TIMES, type MessageKind, type PresenceActivity, type PresentColleague } from '@agency/shared';
import type { AppDeps } from '../../app-deps';
import { AppError } from '../../lib/errors';
import { accountNameOf } from '../auth/auth.service';
import { INBOX_ERRORS } from '../inbox/inbox.service';
import * as repository from './presence.repository';

/**
 * Who has an enquiry open, or is writing a reply on it (issue 23 item 4, docs/decisions/0046). The enquiry view
 * renews its person's row every PRESENCE_TIMES.HEARTBEAT_MS; a row not renewed for EXPIRES_MS no longer counts. All
 * state is in the database, so every instance answers the same; each instance's clock (injected) decides expiry.
 */

type PresenceDeps = Pick<AppDeps, 'db' | 'dialect' | 'clock'>;

async function enquiryIdOf(deps: PresenceDeps, kind: MessageKind, id: number): Promise<number> {
  const enquiryId = await repository.findEnquiryId(deps.db, kind, id);
  if (enquiryId === undefined) throw new AppError(404, INBOX_ERRORS.NOT_FOUND);
  return enquiryId;
}

/** The others on the enquiry now: whoever writes a reply first, then by name. */
export async function listPresent(
  deps: PresenceDeps,
  kind: MessageKind,
  id: number,
  userId: number,
): Promise<PresentColleague[]> {
  const enquiryId = await enquiryIdOf(deps, kind, id);
  const rows = await repository.listPresence(deps.db, enquiryId, { now: deps.clock().getTime(), except: userId });
  return rows
    .map((row) => ({ userId: row.user_id, name: accountNameOf(row), activity: row.activity }))
    .sort(
      (a, b) => Number(b.activity === 'replying') - Number(a.activity === 'replying') || a.name.localeCompare(b.name),
    );
}

/** A heartbeat: the person is on the enquiry (viewing it, or with text in its reply box) for the next 40 s. */
export async function recordPresence(
  deps: PresenceDeps,
  kind: MessageKind,
  id: number,
  userId: number,
  activity: PresenceActivity,
): Promise<PresentColleague[]> {
  const enquiryId = await enquiryIdOf(deps, kind, id);
  const now = deps.clock().getTime();
  await repository.deleteExpiredPresence(deps.db, now);
  await repository.upsertPresence(deps.db, deps.dialect, {
    enquiryId,
    userId,
    activity,
    expiresAt: now + PRESENCE_TIMES.EXPIRES_MS,
  });
  return listPresent(deps, kind, id, userId);
}

/** The person closed the enquiry (or the tab): colleagues stop seeing them at once rather than after 40 s. */
export async function endPresence(deps: PresenceDeps, kind: MessageKind, id: number, userId: number): Promise<void> {
  await repository.deletePresence(deps.db, await enquiryIdOf(deps, kind, id), userId);
}
