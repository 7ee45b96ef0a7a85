import { useEffect, useRef, useState } from 'react';
import type { ConfirmedChannel } from '@agency/shared';
import { useMediaQuery } from '@/components/ui/use-media-query';
import './response-times.css';

/** A tap on WhatsApp or Call: which, and a count so the same channel tapped again asks again. */
export interface Tap {
  channel: ConfirmedChannel;
  count: number;
}

const CHANNEL_NAMES: Record<ConfirmedChannel, string> = { whatsapp: 'WhatsApp', call: 'Call' };
const YES_WORDS: Record<ConfirmedChannel, string> = { whatsapp: 'Yes, on WhatsApp', call: 'Yes, by phone' };

/** A pointer that hovers: a desktop, where the chat opens in another tab or window and this page stays in sight. */
const DESKTOP = '(hover: hover) and (pointer: fine)';

interface ReachedPromptProps {
  /** The person's name as the prompt asks about them. */
  name: string;
  tap: Tap | null;
  busy: boolean;
  onYes: (channel: ConfirmedChannel) => void;
  onNotYet: () => void;
}

/**
 * After a tap on WhatsApp or Call (issue 21), asks whether the staff member reached the person: when they come back
 * to the page (it shows again or gets the focus), or at once on a desktop. A tap alone stays an attempt; "Yes" records
 * the first answer. Not a dialog: a labelled region in the page that takes the focus, so nothing else is blocked.
 */
export function ReachedPrompt({ name, tap, busy, onYes, onNotYet }: ReachedPromptProps) {
  const onDesktop = useMediaQuery(DESKTOP);
  // The tap the staff member came back from (set by the page's events, not during rendering).
  const [cameBackFrom, setCameBackFrom] = useState<Tap | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  const asking = tap !== null && (onDesktop || cameBackFrom === tap) ? tap : null;

  useEffect(() => {
    if (!tap) return;
    const back = () => {
      if (document.visibilityState !== 'hidden') setCameBackFrom(tap);
    };
    document.addEventListener('visibilitychange', back);
    window.addEventListener('focus', back);
    return () => {
      document.removeEventListener('visibilitychange', back);
      window.removeEventListener('focus', back);
    };
  }, [tap]);

  useEffect(() => {
    if (asking) heading.current?.focus();
  }, [asking]);

  if (!asking) return null;
  const { channel } = asking;
  return (
    <section className="reached-prompt" aria-labelledby="reached-prompt-title">
      <h3 id="reached-prompt-title" className="reached-prompt__title" tabIndex={-1} ref={heading}>
        Did you reach {name}?
      </h3>
      <p className="reached-prompt__text">
        You tapped {CHANNEL_NAMES[channel]}. Only a conversation counts as their first answer.
      </p>
      <div className="reached-prompt__actions">
        <button type="button" className="btn btn--primary" disabled={busy} onClick={() => onYes(channel)}>
          {YES_WORDS[channel]}
        </button>
        <button type="button" className="btn btn--secondary" disabled={busy} onClick={onNotYet}>
          Not yet
        </button>
      </div>
    </section>
  );
}
