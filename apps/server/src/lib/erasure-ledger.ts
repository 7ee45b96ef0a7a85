import { createHash } from 'node:crypto';
import { appendFileSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { EpochMs } from './database-schema';

/**
 * An erasure as a restore finds it again (docs/decisions/0049): when it was done, and the SHA-256 of the person's
 * e-mail address in lower case and of their phone number's search key (phoneSearchKey), hex. Never the address or
 * the number themselves.
 */
export interface RecordedErasure {
  erasedAt: EpochMs;
  email?: string;
  phone?: string;
}

/** The ledger's file in BACKUP_DIR: one JSON line per erasure, appended to, never rewritten. */
export const ERASURE_LEDGER_FILE = 'erasures.jsonl';

export const erasureLedgerOf = (backupDir: string) => path.join(backupDir, ERASURE_LEDGER_FILE);

const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');
const HASH = /^[0-9a-f]{64}$/;

/** The hashes that let a restore find the person again: of the address and phone key as the search compares them. */
export function erasureKeyOf(person: { email?: string; phoneKey?: string }): Pick<RecordedErasure, 'email' | 'phone'> {
  return {
    ...(person.email === undefined ? {} : { email: sha256(person.email) }),
    ...(person.phoneKey ? { phone: sha256(person.phoneKey) } : {}),
  };
}

/** The same erasure, wherever it was read from (the ledger, a database's audit log): its time and hashes. */
export const erasureIdOf = (erasure: RecordedErasure) =>
  `${erasure.erasedAt}/${erasure.email ?? ''}/${erasure.phone ?? ''}`;

/** A recorded erasure read from a stored value, or undefined when the value is not one. */
export function recordedErasureOf(value: unknown, erasedAt: EpochMs): RecordedErasure | undefined {
  if (typeof value !== 'object' || value === null || !Number.isFinite(erasedAt)) return undefined;
  const { email, phone } = value as Record<string, unknown>;
  const hash = (candidate: unknown) => (typeof candidate === 'string' && HASH.test(candidate) ? candidate : undefined);
  if (hash(email) === undefined && hash(phone) === undefined) return undefined;
  return {
    erasedAt,
    ...(hash(email) === undefined ? {} : { email: hash(email) }),
    ...(hash(phone) === undefined ? {} : { phone: hash(phone) }),
  };
}

/** Appends one erasure to the ledger, making its folder when needed: `{"erasedAt":"…","email":"…","phone":"…"}`. */
export function appendToErasureLedger(file: string, erasure: RecordedErasure): void {
  mkdirSync(path.dirname(file), { recursive: true });
  const { erasedAt, ...hashes } = erasure;
  appendFileSync(file, `${JSON.stringify({ erasedAt: new Date(erasedAt).toISOString(), ...hashes })}\n`, {
    mode: 0o600,
  });
}

/**
 * The erasures a ledger holds, and how many of its lines could not be read (a line cut short by a crash while it was
 * written); none when there is no file.
 */
export function readErasureLedger(file: string): { erasures: RecordedErasure[]; unreadable: number } {
  if (!existsSync(file)) return { erasures: [], unreadable: 0 };
  const erasures: RecordedErasure[] = [];
  let unreadable = 0;
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    if (line.trim() === '') continue;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      unreadable += 1;
      continue;
    }
    const at = Date.parse(String((value as { erasedAt?: unknown } | null)?.erasedAt));
    const erasure = recordedErasureOf(value, at);
    if (erasure) erasures.push(erasure);
    else unreadable += 1;
  }
  return { erasures, unreadable };
}
