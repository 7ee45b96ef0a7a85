import { isAllowlisted, type Allowlist } from '../../config/allowlist';
import type { User } from './users.repository';

/**
 * Registering never grants access by itself (docs/decisions/0004). Staff are the installation's
 * first account (when no allowlist is configured) and every confirmed account the allowlist names.
 */
export function isStaff(user: User, allowlist: Allowlist): boolean {
  return user.is_staff === 1 || (user.confirmed_at !== null && isAllowlisted(allowlist, user.email));
}

export function allowlistConfigured(allowlist: Allowlist): boolean {
  return allowlist.emails.size > 0 || allowlist.domains.size > 0;
}
