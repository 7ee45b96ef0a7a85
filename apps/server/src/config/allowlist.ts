import { z } from 'zod';

/** ADMIN_SIGNUP_ALLOWLIST: e-mails and @domains whose confirmed accounts are staff. */
export interface Allowlist {
  emails: Set<string>;
  domains: Set<string>;
}

const emailCheck = z.email();
const DOMAIN_PATTERN = /^@[a-z0-9](?:[a-z0-9-]*[a-z0-9])?(?:\.[a-z0-9](?:[a-z0-9-]*[a-z0-9])?)+$/;

export function parseAllowlist(raw: string): Allowlist {
  const allowlist: Allowlist = { emails: new Set(), domains: new Set() };
  for (const entry of raw.split(',').map((part) => part.trim().toLowerCase())) {
    if (entry === '') continue;
    if (entry.startsWith('@')) {
      if (!DOMAIN_PATTERN.test(entry)) throw new Error(`has an invalid domain "${entry}"`);
      allowlist.domains.add(entry.slice(1));
    } else if (emailCheck.safeParse(entry).success) {
      allowlist.emails.add(entry);
    } else {
      throw new Error(`has "${entry}", which is neither an e-mail nor an @domain`);
    }
  }
  return allowlist;
}

export function isAllowlisted(allowlist: Allowlist, email: string): boolean {
  const normalized = email.toLowerCase();
  const domain = normalized.slice(normalized.lastIndexOf('@') + 1);
  return allowlist.emails.has(normalized) || allowlist.domains.has(domain);
}
