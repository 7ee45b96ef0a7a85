import { API_MESSAGES } from '@agency/shared';
import type { Ref } from 'react';
import '@/components/ui/forms.css';
import './reference-notice.css';

export const CLOSE_REFERENCE_LABEL = 'Close the reference notice';

interface ReferenceNoticeProps {
  reference: string | null;
  onClose: () => void;
  closeButtonRef?: Ref<HTMLButtonElement>;
}

/**
 * The enquiry's reference after a success (issue 10), beside the spec's success banner: it has no timer and stays
 * until the visitor closes it or leaves the page. Its status region is always in the page, so screen readers announce
 * it without focus moving; the close button sits outside the region, so it is not read out with the reference.
 */
export function ReferenceNotice({ reference, onClose, closeButtonRef }: ReferenceNoticeProps) {
  const text = reference ? API_MESSAGES.REFERENCE_NOTICE(reference) : '';
  const at = reference ? text.indexOf(reference) : -1;
  return (
    <div className={reference ? 'reference-notice' : 'reference-notice reference-notice--idle'}>
      <p role="status" className="reference-notice__text">
        {reference && at >= 0 ? (
          <>
            {text.slice(0, at)}
            <strong className="reference-notice__reference">{reference}</strong>
            {text.slice(at + reference.length)}
          </>
        ) : (
          text
        )}
      </p>
      {reference ? (
        <button
          ref={closeButtonRef}
          type="button"
          className="reference-notice__close"
          aria-label={CLOSE_REFERENCE_LABEL}
          onClick={onClose}
        >
          <svg viewBox="0 0 24 24" width="20" height="20" aria-hidden="true">
            <path d="M6 6l12 12M18 6L6 18" fill="none" stroke="currentColor" strokeWidth="2.4" strokeLinecap="round" />
          </svg>
        </button>
      ) : null}
    </div>
  );
}
