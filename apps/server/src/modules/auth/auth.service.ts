import { setTimeout as delay } from 'node:timers/promises';
import bcrypt from 'bcrypt';
import {
  ACCOUNT_RULES,
  API_MESSAGES,
  DEFAULT_AVATAR,
  PATHS,
  RESET_LINK_TEXTS,
  staffNameOf,
  type ResetLinkState,
  type SessionUser,
} from '@agency/shared';
import type { AppDeps } from '../../app-deps';
import { withConflictRetry, isUniqueViolation } from '../../lib/db-errors';
import { AppError } from '../../lib/errors';
import { tooManyRequests } from '../../lib/rate-limiter';
import { accountExistsMail, approvalWaitingMail, confirmationMail, resetMail } from '../../lib/mail-templates';
import { createEmailToken, hashToken } from '../../lib/tokens';
import { queueMails } from '../outbox/outbox';
import {
  insertProfileImage,
  newProfileImageName,
  reencodeProfileImage,
} from '../profile-images/profile-images.service';
import { findToken, findUsableToken, insertEmailToken, spendToken, voidTokens } from './email-tokens.repository';
import { createAuthLimits } from './auth-limits';
import { destroyUserSessions } from './session-store';
import { allowlistConfigured, isOwner, isShutOut, isStaff, mayEditContent } from './staff-rule';
import {
  claimFirstAccount,
  findUserByEmail,
  findUserById,
  insertUser,
  listOwnerEmails,
  makeOwnerIfNone,
  markEmailConfirmed,
  updatePasswordHash,
  type User,
} from './users.repository';

type AuthDeps = Pick<AppDeps, 'db' | 'mail' | 'clock' | 'config' | 'checkPassword'>;

// What other modules use of the accounts: who is staff, an account by id, the confirmed ones (for the assignee
// list, the staff notifications, a data request's note authors), and ending an account's sessions.
export { isStaff, mayEditContent } from './staff-rule';
export { findUserById, listConfirmedUsers } from './users.repository';
export { destroyUserSessions } from './session-store';
// The profile (issue 23): the person's own name, picture and password, and ending their other sessions.
export { destroyOtherSessions } from './session-store';
export { updateDisplayName, updatePasswordHash, updateProfileImageName } from './users.repository';
export { createAuthLimits } from './auth-limits';
export type { User } from './users.repository';

/** The spec's username: the e-mail address's local part. */
export function usernameOf(email: string): string {
  return email.split('@')[0] ?? email;
}

/** The name an account is shown by (issue 23): its display name, or its e-mail's local part when it has none. */
export function accountNameOf(user: { email: string; display_name: string | null }): string {
  return staffNameOf({ email: user.email, displayName: user.display_name });
}

export function toSessionUser(user: User): SessionUser {
  return {
    username: usernameOf(user.email),
    displayName: accountNameOf(user),
    email: user.email,
    profile_image: user.profile_image,
    contentEditor: mayEditContent(user),
  };
}

function tokenInvalid(): AppError {
  return new AppError(400, API_MESSAGES.TOKEN_INVALID, { token: API_MESSAGES.TOKEN_INVALID });
}

export function createAuthService(deps: AuthDeps) {
  const { db, mail, clock, config } = deps;
  const checkPassword = deps.checkPassword ?? bcrypt.compare;
  const limits = createAuthLimits(db, config.limits);
  // Compared against when the e-mail is unknown, so both paths take one bcrypt's time.
  let dummyHash: Promise<string> | undefined;
  const getDummyHash = () => (dummyHash ??= bcrypt.hash('not-a-real-password', config.bcryptCost));

  /** The owner of an address that is already registered gets a notice instead of a second account. */
  async function tellOwnerAccountExists(email: string, now: number): Promise<void> {
    await queueMails(
      db,
      [{ ...accountExistsMail(email, `${config.appUrl}${PATHS.auth}`), purpose: 'account-exists' }],
      {
        now,
        from: config.mailFrom,
      },
    );
  }

  /**
   * A new address and a registered one get the same answer after the same work (image, bcrypt, one write), so
   * registering does not tell whether an account exists (docs/decisions/0013). The mail waits in the outbox: the
   * answer never depends on SMTP.
   */
  async function register(input: { email: string; password: string; image?: Buffer; ip: string }): Promise<void> {
    // Before the image and bcrypt, so a refused registration costs nothing.
    const allowed = await limits.registration(input.email, input.ip);
    if (!allowed.allowed) throw tooManyRequests(allowed.retryAfterSeconds, allowed.message);
    const image = input.image ? await reencodeProfileImage(input.image) : undefined;
    const passwordHash = await bcrypt.hash(input.password, config.bcryptCost);
    const now = clock().getTime();
    const existing = await findUserByEmail(db, input.email);
    if (existing) {
      await tellOwnerAccountExists(existing.email, now);
      mail.wake();
      return;
    }
    const profileImage = image ? newProfileImageName() : DEFAULT_AVATAR;
    const confirmation = createEmailToken();
    const link = `${config.appUrl}${PATHS.confirmEmail}?token=${encodeURIComponent(confirmation.token)}`;
    try {
      await withConflictRetry(() =>
        db.transaction().execute(async (trx) => {
          const id = await insertUser(trx, { email: input.email, passwordHash, profileImage, createdAt: now });
          // In the account's transaction: a registration that fails leaves no image behind.
          if (image) await insertProfileImage(trx, { name: profileImage, userId: id, content: image, createdAt: now });
          // Every first account claims the installation, so a later restart without the allowlist or the
          // deletion of that account never hands staff to a stranger.
          await claimFirstAccount(trx, id, now, !allowlistConfigured(config.adminAllowlist));
          await insertEmailToken(trx, {
            userId: id,
            purpose: 'confirm',
            hash: confirmation.hash,
            expiresAt: now + ACCOUNT_RULES.CONFIRMATION_TOKEN_TTL_MS,
            createdAt: now,
          });
          await queueMails(trx, [{ ...confirmationMail(input.email, link), purpose: 'confirm', holdsSecret: true }], {
            now,
            from: config.mailFrom,
          });
        }),
      );
    } catch (error) {
      // The same address registered a moment ago by a concurrent request: answered like any known address.
      if (!isUniqueViolation(error)) throw error;
      await tellOwnerAccountExists(input.email, now);
    }
    mail.wake();
  }

  /** An allowlisted account is staff from its confirmation on; the first one of an installation is its owner. */
  async function claimOwnershipIfPreApproved(trx: Parameters<typeof findUserById>[0], userId: number): Promise<void> {
    const user = await findUserById(trx, userId);
    if (user?.role === 'pending' && isStaff(user, config.adminAllowlist)) await makeOwnerIfNone(trx, userId);
  }

  /**
   * An account that has just confirmed its address and is not staff waits for an owner: each owner gets one mail
   * with a link to the Staff page, in the confirmation's transaction (issue 17). False when nobody was told.
   */
  async function tellOwnersSomeoneWaits(trx: Parameters<typeof findUserById>[0], userId: number, now: number) {
    const user = await findUserById(trx, userId);
    if (!user || user.role !== 'pending' || isStaff(user, config.adminAllowlist)) return false;
    const owners = await listOwnerEmails(trx);
    const staffLink = `${config.appUrl}${PATHS.staffAccounts}`;
    const mails = owners.map((owner) => ({
      ...approvalWaitingMail(owner, user.email, staffLink),
      purpose: 'approval-waiting' as const,
    }));
    await queueMails(trx, mails, { now, from: config.mailFrom });
    return mails.length > 0;
  }

  /** The address is proved (by a confirmation or a reset link): the owner rule, then the owners' mail. */
  async function addressConfirmed(trx: Parameters<typeof findUserById>[0], userId: number, now: number) {
    if (!(await markEmailConfirmed(trx, userId, now))) return false;
    await claimOwnershipIfPreApproved(trx, userId);
    return tellOwnersSomeoneWaits(trx, userId, now);
  }

  async function confirmEmail(token: string): Promise<void> {
    const now = clock().getTime();
    const row = await findUsableToken(db, hashToken(token), 'confirm', now);
    if (!row) throw tokenInvalid();
    const outcome = await db.transaction().execute(async (trx) => {
      if (!(await spendToken(trx, row.id, now))) return 'spent' as const;
      return (await addressConfirmed(trx, row.user_id, now)) ? ('mailed' as const) : ('confirmed' as const);
    });
    if (outcome === 'spent') throw tokenInvalid();
    if (outcome === 'mailed') mail.wake();
  }

  /** Queues a new confirmation link for an account not yet confirmed; any other address gets nothing. */
  async function queueConfirmationMail(email: string): Promise<void> {
    const user = await findUserByEmail(db, email);
    if (!user || user.confirmed_at !== null || isShutOut(user)) return;
    if (!(await limits.confirmMail(user.email)).allowed) return;
    const now = clock().getTime();
    const confirmation = createEmailToken();
    const link = `${config.appUrl}${PATHS.confirmEmail}?token=${encodeURIComponent(confirmation.token)}`;
    await db.transaction().execute(async (trx) => {
      const tokenId = await insertEmailToken(trx, {
        userId: user.id,
        purpose: 'confirm',
        hash: confirmation.hash,
        expiresAt: now + ACCOUNT_RULES.CONFIRMATION_TOKEN_TTL_MS,
        createdAt: now,
      });
      // Only the newest link works, as with reset links: a mail forwarded or left open elsewhere stops counting.
      await voidTokens(trx, user.id, 'confirm', now, tokenId);
      await queueMails(trx, [{ ...confirmationMail(user.email, link), purpose: 'confirm', holdsSecret: true }], {
        now,
        from: config.mailFrom,
      });
    });
    mail.wake();
  }

  /**
   * "Request a new confirmation link" (issue 17): the same answer after the same time for every address, as a
   * reset request gets, so it tells nobody which addresses have an account or whether it is confirmed.
   */
  async function requestConfirmationLink(email: string, ip: string): Promise<void> {
    const started = performance.now();
    try {
      if ((await limits.confirmRequest(ip)).allowed) await queueConfirmationMail(email);
    } finally {
      const left = config.resetAnswerMs - (performance.now() - started);
      if (left > 0) await delay(left);
    }
  }

  async function login(input: { email: string; password: string; ip: string }): Promise<User> {
    // Counted before the password is checked, even the right one, or the limit would not stop guessing.
    const allowed = await limits.beginLogin(input.email, input.ip);
    if (!allowed.allowed) throw tooManyRequests(allowed.retryAfterSeconds, API_MESSAGES.TOO_MANY_ATTEMPTS);
    const user = await findUserByEmail(db, input.email);
    const matches = await checkPassword(input.password, user?.password_hash ?? (await getDummyHash()));
    if (!user || !matches) throw new AppError(401, API_MESSAGES.LOGIN_INVALID);
    await limits.loginSucceeded(input.email, input.ip);
    if (user.confirmed_at === null) throw new AppError(403, API_MESSAGES.LOGIN_UNCONFIRMED);
    // Refused and removed accounts hear the same as waiting ones: nothing here tells them an owner's decision.
    if (!isStaff(user, config.adminAllowlist)) throw new AppError(403, API_MESSAGES.LOGIN_AWAITING_APPROVAL);
    // An installation upgraded to roles while an allowlist named its staff has no owner yet: the first to sign in is.
    if (user.role === 'pending') await claimOwnershipIfPreApproved(db, user.id);
    return user;
  }

  /** Queues a reset link for a known address; an unknown one gets nothing. */
  async function queueResetMail(email: string): Promise<void> {
    const user = await findUserByEmail(db, email);
    if (!user) return;
    // Over the address's mail limit the request is answered alike, only without a mail.
    if (!(await limits.resetMail(user.email)).allowed) return;
    const now = clock().getTime();
    const reset = createEmailToken();
    const link = `${config.appUrl}${PATHS.resetPassword}?token=${encodeURIComponent(reset.token)}`;
    await db.transaction().execute(async (trx) => {
      const tokenId = await insertEmailToken(trx, {
        userId: user.id,
        purpose: 'reset',
        hash: reset.hash,
        expiresAt: now + ACCOUNT_RULES.RESET_TOKEN_TTL_MS,
        createdAt: now,
      });
      // Only the newest link works.
      await voidTokens(trx, user.id, 'reset', now, tokenId);
      await queueMails(trx, [{ ...resetMail(user.email, link), purpose: 'reset', holdsSecret: true }], {
        now,
        from: config.mailFrom,
      });
    });
    mail.wake();
  }

  /**
   * Answers alike for known and unknown addresses, and after the same time: the answer is held until
   * config.resetAnswerMs have passed, far longer than the work for a known address takes, so timing tells nothing.
   */
  async function requestPasswordReset(email: string, ip: string): Promise<void> {
    const started = performance.now();
    try {
      // Over the client's request limit: the same answer after the same time, and no mail.
      if ((await limits.resetRequest(ip)).allowed) await queueResetMail(email);
    } finally {
      const left = config.resetAnswerMs - (performance.now() - started);
      if (left > 0) await delay(left);
    }
  }

  /**
   * What a reset link is now. A link voided by a newer one or by a changed password reads as used: it was spent on
   * the way to the newer link, and the answer the person needs is the same (get a new one).
   */
  async function resetLinkState(token: string): Promise<ResetLinkState> {
    const row = await findToken(db, hashToken(token), 'reset');
    if (!row) return 'unknown';
    if (row.used_at !== null) return 'used';
    return Number(row.expires_at) <= clock().getTime() ? 'expired' : 'usable';
  }

  /** A refused password update says what became of its link, in the words its page uses. */
  async function refusedResetLink(token: string): Promise<AppError> {
    const state = await resetLinkState(token);
    if (state !== 'used' && state !== 'expired') return tokenInvalid();
    return new AppError(400, RESET_LINK_TEXTS[state], { token: RESET_LINK_TEXTS[state] });
  }

  async function updatePassword(input: { token: string; password: string; ip: string }): Promise<void> {
    const now = clock().getTime();
    const row = await findUsableToken(db, hashToken(input.token), 'reset', now);
    if (!row) throw await refusedResetLink(input.token);
    const passwordHash = await bcrypt.hash(input.password, config.bcryptCost);
    let mailQueued = false;
    const updated = await db.transaction().execute(async (trx) => {
      if (!(await spendToken(trx, row.id, now))) return false;
      await updatePasswordHash(trx, row.user_id, passwordHash);
      // The link proves the address as well as the confirmation link would.
      if (await addressConfirmed(trx, row.user_id, now)) mailQueued = true;
      await voidTokens(trx, row.user_id, 'reset', now);
      await destroyUserSessions(trx, row.user_id);
      return true;
    });
    if (!updated) throw await refusedResetLink(input.token);
    if (mailQueued) mail.wake();
    const user = await findUserById(db, row.user_id);
    if (user) await limits.passwordChanged(user.email, input.ip);
  }

  async function currentUser(userId: number | undefined): Promise<User | undefined> {
    const user = userId === undefined ? undefined : await findUserById(db, userId);
    return user && !isShutOut(user) ? user : undefined;
  }

  return {
    register,
    confirmEmail,
    requestConfirmationLink,
    login,
    requestPasswordReset,
    resetLinkState,
    updatePassword,
    currentUser,
    isStaff: (user: User) => isStaff(user, config.adminAllowlist),
    isOwner,
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
