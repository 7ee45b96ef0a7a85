import bcrypt from 'bcrypt';
import { API_MESSAGES, PROFILE_MESSAGES, type Profile } from '@agency/shared';
import type { AppDeps } from '../../app-deps';
import { AppError } from '../../lib/errors';
import { tooManyRequests } from '../../lib/rate-limiter';
import { actorOf, recordAudit } from '../audit/audit.service';
import {
  accountNameOf,
  createAuthLimits,
  destroyOtherSessions,
  findUserById,
  updateDisplayName,
  updatePasswordHash,
  updateProfileImageName,
  usernameOf,
  type User,
} from '../auth/auth.service';
import {
  deleteProfileImagesOf,
  insertProfileImage,
  newProfileImageName,
  reencodeProfileImage,
} from '../profile-images/profile-images.service';

/**
 * A staff member's own profile (issue 23 item 3; README, "Your profile"): the name they go by, their picture and their
 * password. Only the person changes them, each change is in the audit log, and a new password ends every other session
 * of the account.
 */

export type ProfileDeps = Pick<AppDeps, 'db' | 'clock' | 'config' | 'checkPassword'>;

function profileOf(user: User): Profile {
  return {
    displayName: user.display_name,
    name: accountNameOf(user),
    username: usernameOf(user.email),
    email: user.email,
    profile_image: user.profile_image,
  };
}

async function signedInUser(deps: Pick<ProfileDeps, 'db'>, userId: number): Promise<User> {
  const user = await findUserById(deps.db, userId);
  if (!user) throw new AppError(401, API_MESSAGES.NOT_SIGNED_IN);
  return user;
}

export async function getProfile(deps: Pick<ProfileDeps, 'db'>, userId: number): Promise<Profile> {
  return profileOf(await signedInUser(deps, userId));
}

/** Saves the name (already trimmed by ProfileChangeSchema); an empty one clears it. */
export async function saveDisplayName(deps: ProfileDeps, userId: number, typed: string): Promise<Profile> {
  const displayName = typed === '' ? null : typed;
  await deps.db.transaction().execute(async (trx) => {
    const before = await signedInUser({ db: trx }, userId);
    if (before.display_name === displayName) return;
    await updateDisplayName(trx, userId, displayName);
    await recordAudit(trx, {
      action: 'profile.name',
      actor: await actorOf(trx, userId),
      target: `account ${before.email}`,
      // The name is the person's own words, shown wherever they are: the entry says what changed, not to what.
      detail: { cleared: displayName === null },
      at: deps.clock().getTime(),
    });
  });
  return getProfile(deps, userId);
}

/**
 * A new password, proved by the current one. Each try counts against the account's sign-in limits (a wrong current
 * password is a guess like a wrong sign-in), and the right one clears them as a reset does. The account's other
 * sessions end in the same transaction as the change; the one that asked (`keptSid`) stays signed in.
 */
export async function changePassword(
  deps: ProfileDeps,
  input: { userId: number; keptSid: string; currentPassword: string; newPassword: string; ip: string },
): Promise<{ otherSessionsEnded: number }> {
  const { db, config } = deps;
  const checkPassword = deps.checkPassword ?? bcrypt.compare;
  const limits = createAuthLimits(db, config.limits);
  const user = await signedInUser(deps, input.userId);
  const allowed = await limits.beginLogin(user.email, input.ip);
  if (!allowed.allowed) throw tooManyRequests(allowed.retryAfterSeconds, PROFILE_MESSAGES.TOO_MANY_WRONG);
  if (!(await checkPassword(input.currentPassword, user.password_hash))) {
    throw new AppError(400, PROFILE_MESSAGES.CURRENT_PASSWORD_WRONG, {
      currentPassword: PROFILE_MESSAGES.CURRENT_PASSWORD_WRONG,
    });
  }
  const passwordHash = await bcrypt.hash(input.newPassword, config.bcryptCost);
  const ended = await db.transaction().execute(async (trx) => {
    await updatePasswordHash(trx, user.id, passwordHash);
    const count = await destroyOtherSessions(trx, user.id, input.keptSid);
    await recordAudit(trx, {
      action: 'profile.password',
      actor: await actorOf(trx, user.id),
      target: `account ${user.email}`,
      detail: { otherSessionsEnded: count },
      at: deps.clock().getTime(),
    });
    return count;
  });
  await limits.passwordChanged(user.email, input.ip);
  return { otherSessionsEnded: ended };
}

/** A new picture, re-encoded as registration's is; the person's earlier pictures are deleted with the change. */
export async function changeAvatar(deps: ProfileDeps, userId: number, file: Buffer): Promise<Profile> {
  const content = await reencodeProfileImage(file);
  const name = newProfileImageName();
  const now = deps.clock().getTime();
  await deps.db.transaction().execute(async (trx) => {
    const user = await signedInUser({ db: trx }, userId);
    await insertProfileImage(trx, { name, userId, content, createdAt: now });
    await updateProfileImageName(trx, userId, name);
    await deleteProfileImagesOf(trx, userId, name);
    await recordAudit(trx, {
      action: 'profile.avatar',
      actor: await actorOf(trx, userId),
      target: `account ${user.email}`,
      at: now,
    });
  });
  return getProfile(deps, userId);
}
