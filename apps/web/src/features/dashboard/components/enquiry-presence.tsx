import { useEffect, useEffectEvent } from 'react';
import { PRESENCE_TIMES, presenceLineOf, type MessageKind, type PresenceActivity } from '@agency/shared';
import { deletePresence, usePresence, useSendPresence } from '../api/presence';
import './enquiry-presence.css';

interface EnquiryPresenceProps {
  kind: MessageKind;
  id: number;
  /** The reply box holds text: the person is writing a reply, not only viewing. */
  writing: boolean;
}

/**
 * Who else has this enquiry open, or is writing a reply on it (issue 23 item 4, docs/decisions/0046), and this person's
 * own heartbeat: at once, every 15 s while the tab is shown, and at once when the reply box gains or loses its text.
 * A hidden tab sends nothing (its entry lapses after 40 s); leaving the enquiry removes it. The line keeps its height
 * when empty, so nothing below moves when a colleague comes or goes; a status region reads the change out politely.
 */
export function EnquiryPresence({ kind, id, writing }: EnquiryPresenceProps) {
  const present = usePresence(kind, id).data ?? [];
  const { mutate } = useSendPresence(kind, id);
  const activity: PresenceActivity = writing ? 'replying' : 'viewing';

  const beat = useEffectEvent(() => {
    if (document.visibilityState === 'visible') mutate(activity);
  });
  useEffect(() => {
    beat();
  }, [activity]);
  useEffect(() => {
    const timer = window.setInterval(beat, PRESENCE_TIMES.HEARTBEAT_MS);
    const onVisibility = () => beat();
    document.addEventListener('visibilitychange', onVisibility);
    return () => {
      window.clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisibility);
      // Gone for the others at once; if this does not arrive, the entry lapses by itself.
      deletePresence(kind, id).catch(() => undefined);
    };
  }, [kind, id]);

  const line = presenceLineOf(present);
  return (
    <p className="enquiry-presence" role="status">
      {line ? (
        <>
          <span className="enquiry-presence__dot" aria-hidden="true" />
          {line}
        </>
      ) : null}
    </p>
  );
}
