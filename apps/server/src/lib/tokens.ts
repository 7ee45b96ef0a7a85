import { createHash, randomBytes } from 'node:crypto';

/** 32 random bytes for the link; only the SHA-256 hash is ever stored. */
export function createEmailToken(): { token: string; hash: string } {
  const token = randomBytes(32).toString('base64url');
  return { token, hash: hashToken(token) };
}

export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}
