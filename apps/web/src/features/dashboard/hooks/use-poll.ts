import { useEffect, useEffectEvent } from 'react';

/** How often an open inbox asks whether something arrived (issue 17): a new enquiry shows within this time. */
export const INBOX_POLL_MS = 25_000;

/**
 * Calls `poll` every `intervalMs` while the page is visible (the Page Visibility API), and once at once when a hidden
 * tab becomes visible again, so a phone in a pocket or a tab in the background asks nothing.
 */
export function usePoll(intervalMs: number, poll: () => void): void {
  const pollNow = useEffectEvent(poll);

  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    const schedule = () => {
      clearTimeout(timer);
      if (document.visibilityState === 'hidden') return;
      timer = setTimeout(() => {
        pollNow();
        schedule();
      }, intervalMs);
    };
    const handleVisibility = () => {
      if (document.visibilityState === 'visible') pollNow();
      schedule();
    };
    schedule();
    document.addEventListener('visibilitychange', handleVisibility);
    return () => {
      clearTimeout(timer);
      document.removeEventListener('visibilitychange', handleVisibility);
    };
  }, [intervalMs]);
}
