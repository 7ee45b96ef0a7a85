import bcrypt from 'bcrypt';
import { ACCOUNT_RULES, API_MESSAGES, DEFAULT_AVATAR, PATHS, type SessionUser } from '@agency/shared';
import type { AppDeps } from '../../app-deps';
import { withConflictRetry, isUniqueViolation } from '../../lib/db-errors';
import { AppError } from '../../lib/errors';
import { confirmationMail, resetMail } from '../../lib/mail-templates';
import { profileImagesDir } from '../../lib/paths';
import { createEmailToken, hashToken } from '../../lib/tokens';
import { removeProfileImage, reencodeProfileImage, storeProfileImage } from '../profile-images/profile-images.service';
import { deleteEmailToken, findUsableToken, insertEmailToken, spendToken, voidTokens } from './email-tokens.repository';
import { clearEmailFailures, recordLoginFailure, secondsUntilLoginAllowed } from './login-throttle';
import { destroyUserSessions } from './session-store';
import { allowlistConfigured, isStaff } from './staff-rule';
import {
  claimFirstAccount,
  findUserByEmail,
  findUserById,
  insertUser,
  markEmailConfirmed,
  updatePasswordHash,
  undoRegistration,
  type User,
} from './users.repository';

type AuthDeps = Pick<AppDeps, 'db' | 'mailer' | 'clock' | 'config' | 'logger'>;

export function toSessionUser(user: User): SessionUser {
  return { username: user.email.split('@')[0] ?? user.email, email: user.email, profile_image: user.profile_image };
}

function emailTaken(): AppError {
  return new AppError(400, API_MESSAGES.EMAIL_TAKEN, { email: API_MESSAGES.EMAIL_TAKEN });
}

function tokenInvalid(): AppError {
  return new AppError(400, API_MESSAGES.TOKEN_INVALID, { token: API_MESSAGES.TOKEN_INVALID });
}

export function createAuthService(deps: AuthDeps) {
  const { db, mailer, clock, config, logger } = deps;
  const imagesDir = profileImagesDir(config.dataDir);
  // Compared against when the e-mail is unknown, so both paths take one bcrypt's time.
  let dummyHash: Promise<string> | undefined;
  const getDummyHash = () => (dummyHash ??= bcrypt.hash('not-a-real-password', config.bcryptCost));

  async function register(input: { email: string; password: string; image?: Buffer }): Promise<void> {
    if (await findUserByEmail(db, input.email)) throw emailTaken();
    const image = input.image ? await reencodeProfileImage(input.image) : undefined;
    const passwordHash = await bcrypt.hash(input.password, config.bcryptCost);
    const profileImage = image ? await storeProfileImage(imagesDir, image) : DEFAULT_AVATAR;
    const confirmation = createEmailToken();
    const now = clock().getTime();

    let userId: number;
    try {
      userId = await withConflictRetry(() =>
        db.transaction().execute(async (trx) => {
          const id = await insertUser(trx, { email: input.email, passwordHash, profileImage, createdAt: now });
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
          return id;
        }),
      );
    } catch (error) {
      await removeProfileImage(imagesDir, profileImage);
      if (isUniqueViolation(error)) throw emailTaken();
      throw error;
    }

    const link = `${config.appUrl}${PATHS.confirmEmail}?token=${encodeURIComponent(confirmation.token)}`;
    try {
      await mailer.send(confirmationMail(input.email, link));
    } catch (error) {
      // Nothing half-done: without its confirmation mail the account could never be used.
      logger.error({ err: error }, 'confirmation mail failed; registration undone');
      await undoRegistration(db, userId);
      await removeProfileImage(imagesDir, profileImage);
      throw new AppError(503, API_MESSAGES.MAIL_FAILED);
    }
  }

  async function confirmEmail(token: string): Promise<void> {
    const now = clock().getTime();
    const row = await findUsableToken(db, hashToken(token), 'confirm', now);
    if (!row) throw tokenInvalid();
    const confirmed = await db.transaction().execute(async (trx) => {
      if (!(await spendToken(trx, row.id, now))) return false;
      await markEmailConfirmed(trx, row.user_id, now);
      return true;
    });
    if (!confirmed) throw tokenInvalid();
  }

  async function login(input: { email: string; password: string; ip: string }): Promise<User> {
    const now = clock().getTime();
    const subjects = { email: input.email, ip: input.ip };
    const waitSeconds = await secondsUntilLoginAllowed(db, subjects, now);
    if (waitSeconds > 0) {
      throw new AppError(429, API_MESSAGES.TOO_MANY_ATTEMPTS(Math.ceil(waitSeconds / 60)), undefined, {
        'Retry-After': String(waitSeconds),
      });
    }
    const user = await findUserByEmail(db, input.email);
    const matches = await bcrypt.compare(input.password, user?.password_hash ?? (await getDummyHash()));
    if (!user || !matches) {
      await recordLoginFailure(db, subjects, now);
      throw new AppError(401, API_MESSAGES.LOGIN_INVALID);
    }
    await clearEmailFailures(db, user.email);
    if (user.confirmed_at === null) throw new AppError(403, API_MESSAGES.LOGIN_UNCONFIRMED);
    if (!isStaff(user, config.adminAllowlist)) throw new AppError(403, API_MESSAGES.LOGIN_AWAITING_APPROVAL);
    return user;
  }

  /** Answers alike for known and unknown addresses; only known ones get a mail. */
  async function requestPasswordReset(email: string): Promise<void> {
    const user = await findUserByEmail(db, email);
    if (!user) return;
    const now = clock().getTime();
    const reset = createEmailToken();
    const tokenId = await insertEmailToken(db, {
      userId: user.id,
      purpose: 'reset',
      hash: reset.hash,
      expiresAt: now + ACCOUNT_RULES.RESET_TOKEN_TTL_MS,
      createdAt: now,
    });
    const link = `${config.appUrl}${PATHS.resetPassword}?token=${encodeURIComponent(reset.token)}`;
    try {
      await mailer.send(resetMail(user.email, link));
    } catch (error) {
      logger.error({ err: error }, 'reset mail failed; the new link was withdrawn');
      await deleteEmailToken(db, tokenId);
      throw new AppError(503, API_MESSAGES.RESET_MAIL_FAILED);
    }
    await voidTokens(db, user.id, 'reset', now, tokenId);
  }

  async function updatePassword(input: { token: string; password: string }): Promise<void> {
    const now = clock().getTime();
    const row = await findUsableToken(db, hashToken(input.token), 'reset', now);
    if (!row) throw tokenInvalid();
    const passwordHash = await bcrypt.hash(input.password, config.bcryptCost);
    const updated = await db.transaction().execute(async (trx) => {
      if (!(await spendToken(trx, row.id, now))) return false;
      await updatePasswordHash(trx, row.user_id, passwordHash);
      // The link proves the address as well as the confirmation link would.
      await markEmailConfirmed(trx, row.user_id, now);
      await voidTokens(trx, row.user_id, 'reset', now);
      await destroyUserSessions(trx, row.user_id);
      return true;
    });
    if (!updated) throw tokenInvalid();
    const user = await findUserById(db, row.user_id);
    if (user) await clearEmailFailures(db, user.email);
  }

  async function currentUser(userId: number | undefined): Promise<User | undefined> {
    return userId === undefined ? undefined : findUserById(db, userId);
  }

  return {
    register,
    confirmEmail,
    login,
    requestPasswordReset,
    updatePassword,
    currentUser,
    isStaff: (user: User) => isStaff(user, config.adminAllowlist),
  };
}

export type AuthService = ReturnType<typeof createAuthService>;
