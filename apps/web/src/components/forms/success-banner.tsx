import { TIMINGS } from '@agency/shared';
import { useEffect, useRef } from 'react';
import '@/components/ui/forms.css';
import './success-banner.css';

export interface SuccessNotice {
  message: string;
  /** A new id restarts the timers, even when the same message is shown twice in a row. */
  id: number;
}

interface SuccessBannerProps {
  notice: SuccessNotice | null;
  onClose: () => void;
  /** How long the message shows when nobody points at it (spec 9: about 5 s). */
  messageDurationMs?: number;
}

/**
 * The success banner of the public forms (docs/decisions/0005-form-feedback.md). The message hides after
 * `messageDurationMs`; while the pointer rests on it, it stays so it can be read, but the banner always closes
 * itself after TIMINGS.SUCCESS_BANNER_AUTO_CLOSE_MS (19 s). The status region stays in the page so screen readers
 * announce each new message.
 */
export function SuccessBanner({
  notice,
  onClose,
  messageDurationMs = TIMINGS.FORM_SUCCESS_MESSAGE_MS,
}: SuccessBannerProps) {
  const hovered = useRef(false);
  const messageExpired = useRef(false);
  const onCloseRef = useRef(onClose);
  useEffect(() => {
    onCloseRef.current = onClose;
  });
  const noticeId = notice?.id;

  useEffect(() => {
    if (noticeId === undefined) return;
    messageExpired.current = false;
    const messageTimer = setTimeout(() => {
      messageExpired.current = true;
      if (!hovered.current) onCloseRef.current();
    }, messageDurationMs);
    const bannerTimer = setTimeout(() => onCloseRef.current(), TIMINGS.SUCCESS_BANNER_AUTO_CLOSE_MS);
    return () => {
      clearTimeout(messageTimer);
      clearTimeout(bannerTimer);
    };
  }, [noticeId, messageDurationMs]);

  return (
    <div
      role="status"
      className="success-banner-region"
      onMouseEnter={() => {
        hovered.current = true;
      }}
      onMouseLeave={() => {
        hovered.current = false;
        if (messageExpired.current && notice) onCloseRef.current();
      }}
    >
      {notice ? (
        <p className="alert alert--success success-banner">
          <svg className="success-banner__icon" viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">
            <circle cx="12" cy="12" r="11" fill="currentColor" />
            <path d="M7 12.5l3.2 3.2L17 9" fill="none" stroke="#fff" strokeWidth="2.4" strokeLinecap="round" />
          </svg>
          <span>{notice.message}</span>
        </p>
      ) : null}
    </div>
  );
}
