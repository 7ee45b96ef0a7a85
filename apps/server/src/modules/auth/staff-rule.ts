import { isAllowlisted, type Allowlist } from '../../config/allowlist';
import type { User } from './users.repository';

/**
 * Registering never grants access by itself (docs/decisions/0004, 0022). Staff and owners may use the inbox; so may
 * a confirmed account still waiting for approval that ADMIN_SIGNUP_ALLOWLIST names (pre-approval). A refused or
 * removed account never may, whatever the allowlist says: an owner's decision outranks the configuration.
 */
export function isStaff(user: Pick<User, 'role' | 'confirmed_at' | 'email'>, allowlist: Allowlist): boolean {
  if (user.role === 'staff' || user.role === 'owner') return true;
  return user.role === 'pending' && user.confirmed_at !== null && isAllowlisted(allowlist, user.email);
}

export function isOwner(user: Pick<User, 'role'>): boolean {
  return user.role === 'owner';
}

/** Who may edit the site's content (issue 22): owners, and staff an owner named content editor. */
export function mayEditContent(user: Pick<User, 'role' | 'content_editor'>): boolean {
  return user.role === 'owner' || (user.role === 'staff' && Number(user.content_editor) === 1);
}

/** A refused or removed account is treated as signed out everywhere, even with a session that survived. */
export function isShutOut(user: Pick<User, 'role'>): boolean {
  return user.role === 'refused' || user.role === 'removed';
}

export function allowlistConfigured(allowlist: Allowlist): boolean {
  return allowlist.emails.size > 0 || allowlist.domains.size > 0;
}
