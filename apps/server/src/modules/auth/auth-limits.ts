import type { Kysely } from 'kysely';
import { API_MESSAGES } from '@agency/shared';
import type { AbuseLimits } from '../../config/config';
import { clientAddressKey } from '../../lib/client-address';
import type { Database } from '../../lib/database-schema';
import { createRateLimiter, type RateVerdict } from '../../lib/rate-limiter';

/**
 * The account screens' abuse limits (docs/decisions/0003, 0014), counted in the database so every server process
 * shares them. A limit set to `off` allows everything.
 */
export function createAuthLimits(db: Kysely<Database>, limits: AbuseLimits) {
  const loginPerAddress = createRateLimiter(db, 'login-address', limits.loginPerAddress);
  const loginPerAccount = createRateLimiter(db, 'login-account', limits.loginPerAccount);
  const registrationsByAddress = createRateLimiter(db, 'register', limits.register);
  const registrationsByEmail = createRateLimiter(db, 'register-email', limits.registerPerEmail);
  const resetRequests = createRateLimiter(db, 'reset-request', limits.resetRequest);
  const resetMails = createRateLimiter(db, 'reset-mail', limits.resetMail);
  // A new confirmation link is limited as a reset is (RESET_REQUEST_LIMIT, RESET_MAIL_LIMIT), with counts of its own.
  const confirmRequests = createRateLimiter(db, 'confirm-request', limits.resetRequest);
  const confirmMails = createRateLimiter(db, 'confirm-mail', limits.resetMail);

  // The account is named by the e-mail as typed (trimmed, any case), known or not, so limits reveal nothing.
  const accountOf = (email: string) => email.trim().toLowerCase();
  const addressAndAccount = (ip: string, email: string) => `${clientAddressKey(ip)}\n${accountOf(email)}`;

  return {
    /**
     * Counts a sign-in attempt before its password is checked, so however many arrive at once, only as many as the
     * limit allows reach bcrypt. The address's own count comes first: an address it refuses adds nothing to the
     * account's, so a stranger's failures lock only the stranger's address out of the account. When the account's
     * cap refuses, the attempt is given back to the address: the owner's address keeps its own allowance.
     */
    async beginLogin(email: string, ip: string): Promise<RateVerdict> {
      const byAddress = await loginPerAddress.consume(addressAndAccount(ip, email));
      if (!byAddress.allowed) return byAddress;
      const byAccount = await loginPerAccount.consume(accountOf(email));
      if (!byAccount.allowed) await loginPerAddress.refund(addressAndAccount(ip, email));
      return byAccount;
    },

    /** The right password: this address starts again with this account, and the attempt does not count. */
    async loginSucceeded(email: string, ip: string): Promise<void> {
      await loginPerAddress.clear(addressAndAccount(ip, email));
      await loginPerAccount.refund(accountOf(email));
    },

    /**
     * A new password makes every guess at the old one worthless: the account's count starts again, and so does that
     * of the address the reset link was opened from, the owner's, who may have failed a few times before resetting.
     */
    async passwordChanged(email: string, ip: string): Promise<void> {
      await loginPerAccount.clear(accountOf(email));
      await loginPerAddress.clear(addressAndAccount(ip, email));
    },

    /**
     * Counts a registration before any work (docs/decisions/0048). The address's count comes first, with a bound an
     * office sharing one address stays under; an address it refuses adds nothing to the e-mail's count. When the
     * e-mail's tight bound refuses, the attempt is given back to the address: one person trying their own address
     * again and again does not use up their colleagues' allowance. Each refusal says which bound it met.
     */
    async registration(email: string, ip: string): Promise<RegistrationVerdict> {
      const byAddress = await registrationsByAddress.consume(clientAddressKey(ip));
      if (!byAddress.allowed) return { ...byAddress, message: API_MESSAGES.TOO_MANY_REGISTRATIONS };
      const byEmail = await registrationsByEmail.consume(accountOf(email));
      if (byEmail.allowed) return byEmail;
      await registrationsByAddress.refund(clientAddressKey(ip));
      return { ...byEmail, message: API_MESSAGES.TOO_MANY_REGISTRATIONS_FOR_EMAIL };
    },

    resetRequest: (ip: string) => resetRequests.consume(clientAddressKey(ip)),

    /** Counted only for an address that has an account: an unknown one gets no mail anyway. */
    resetMail: (email: string) => resetMails.consume(accountOf(email)),

    confirmRequest: (ip: string) => confirmRequests.consume(clientAddressKey(ip)),

    /** Counted only for an account still unconfirmed: any other address gets no mail anyway. */
    confirmMail: (email: string) => confirmMails.consume(accountOf(email)),
  };
}

export type AuthLimits = ReturnType<typeof createAuthLimits>;

/** A registration's verdict: when refused, the words that say which bound it met and how long to wait. */
export type RegistrationVerdict =
  { allowed: true } | { allowed: false; retryAfterSeconds: number; message: (minutes: number) => string };
