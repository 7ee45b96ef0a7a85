import { useEffect, useEffectEvent, useRef } from 'react';
import { UNDO_LIMITS, type UndoTicket } from '@agency/shared';
import { ApiError } from '@/lib/api-client';
import { useUndo } from '../api/undo';
import { useDashboard } from '../dashboard-context';

interface UndoButtonProps {
  ticket: UndoTicket;
  /** The window passed or the undo was sent: the button leaves; `hadFocus` when it leaves from under the keyboard. */
  onGone: (hadFocus: boolean) => void;
}

/**
 * "Undo" beside the status line's message of a move or bulk status change (issue 23, docs/decisions/0044), for
 * UNDO_LIMITS.WINDOW_MS. It says what the undo did in the same line: how many went back and which stayed because
 * someone changed them since, or the server's words when it is too late. When the change took away the control that
 * made it (the selection's toolbar), focus would be lost: it comes here instead, the next thing to do.
 */
export function UndoButton({ ticket, onGone }: UndoButtonProps) {
  const { announce, fail } = useDashboard();
  const undo = useUndo();
  const button = useRef<HTMLButtonElement>(null);
  const expire = useEffectEvent(() => onGone(document.activeElement === button.current));

  useEffect(() => {
    if (document.activeElement === document.body || document.activeElement === null) button.current?.focus();
    const timer = window.setTimeout(expire, UNDO_LIMITS.WINDOW_MS);
    return () => window.clearTimeout(timer);
  }, [ticket.token]);

  return (
    <button
      ref={button}
      type="button"
      className="btn btn--secondary dashboard__undo"
      disabled={undo.isPending}
      onClick={() =>
        undo.mutate(ticket.token, {
          // Pressed, so it had the focus (a disabled button may already have lost it).
          onSuccess: (answer) => {
            onGone(true);
            announce(answer.message);
          },
          onError: (error) => {
            onGone(true);
            const refused = error instanceof ApiError && error.status !== 400 ? error.serverMessage : null;
            if (refused) announce(refused);
            else fail(error, 'Undo');
          },
        })
      }
    >
      Undo
    </button>
  );
}
