import { FORM_SLOT_ATTRIBUTE, IDEMPOTENCY_FIELD } from '@agency/shared';
import { useRef } from 'react';
import { FirstTouchInputs } from './first-touch-inputs';
import { HoneypotField } from './honeypot-field';
import { PrivacyNote } from './privacy-note';
import { ReferenceNotice } from './reference-notice';
import { SuccessBanner } from './success-banner';
import type { PublicFormState } from './use-public-form';

interface PublicFormFooterProps {
  form: Pick<
    PublicFormState,
    | 'formError'
    | 'notice'
    | 'closeNotice'
    | 'reference'
    | 'closeReference'
    | 'honeypotRef'
    | 'sending'
    | 'ready'
    | 'pageIdempotencyKey'
  >;
  submitLabel: string;
}

/**
 * The end of a public form: the honeypot, its inline failure message, the success banner, the reference and the
 * submit button.
 */
export function PublicFormFooter({ form, submitLabel }: PublicFormFooterProps) {
  const closeButton = useRef<HTMLButtonElement>(null);
  const submitButton = useRef<HTMLButtonElement>(null);

  const closeReference = () => {
    // The close button goes away with the notice; focus stays in the form instead of falling to the page.
    const hadFocus = closeButton.current !== null && closeButton.current === document.activeElement;
    form.closeReference();
    if (hadFocus) submitButton.current?.focus();
  };

  return (
    <>
      <HoneypotField inputRef={form.honeypotRef} />
      {/* A post without JavaScript carries the key the server wrote into this page; the kit sends its own header. */}
      <input
        {...{ [FORM_SLOT_ATTRIBUTE]: 'key' }}
        type="hidden"
        name={IDEMPOTENCY_FIELD}
        value={form.pageIdempotencyKey}
        suppressHydrationWarning
      />
      <FirstTouchInputs />
      {form.formError ? (
        <p className="alert alert--error" role="alert">
          {form.formError}
        </p>
      ) : null}
      <SuccessBanner notice={form.notice} onClose={form.closeNotice} />
      <ReferenceNotice reference={form.reference} onClose={closeReference} closeButtonRef={closeButton} />
      <div className="form__actions">
        <button
          ref={submitButton}
          type="submit"
          className="btn btn--primary"
          disabled={form.sending || !form.ready}
          aria-busy={form.sending}
        >
          {form.sending ? 'Sending…' : submitLabel}
        </button>
      </div>
      <PrivacyNote />
    </>
  );
}
