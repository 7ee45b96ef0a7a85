/**
 * Half-typed text of the staff screens (a note), kept in the tab's sessionStorage so that an idle logout, a reload or
 * a session the server ended does not lose it: signing in again in the same tab brings it back (issue 17). Logout
 * clears every draft, so the next person at a shared computer does not find them. Storage that refuses (private
 * modes, a full quota) only means the draft is not kept.
 */
const PREFIX = 'agency-draft:';

export function readDraft(key: string): string {
  try {
    return window.sessionStorage.getItem(PREFIX + key) ?? '';
  } catch {
    return '';
  }
}

/** Keeps `text` under `key`; empty text forgets it. */
export function saveDraft(key: string, text: string): void {
  try {
    if (text === '') window.sessionStorage.removeItem(PREFIX + key);
    else window.sessionStorage.setItem(PREFIX + key, text);
  } catch {
    // Not kept: the text stays on the screen as before.
  }
}

export function clearDrafts(): void {
  try {
    const keys = Array.from({ length: window.sessionStorage.length }, (_, index) => window.sessionStorage.key(index));
    for (const key of keys) if (key?.startsWith(PREFIX)) window.sessionStorage.removeItem(key);
  } catch {
    // Nothing to clear.
  }
}
