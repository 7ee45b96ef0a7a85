import { SuccessBanner } from './success-banner';
import type { PublicFormState } from './use-public-form';

interface PublicFormFooterProps {
  form: Pick<PublicFormState, 'formError' | 'notice' | 'closeNotice' | 'sending' | 'ready'>;
  submitLabel: string;
}

/** The end of a public form: its inline failure message, the success banner and the submit button. */
export function PublicFormFooter({ form, submitLabel }: PublicFormFooterProps) {
  return (
    <>
      {form.formError ? (
        <p className="alert alert--error" role="alert">
          {form.formError}
        </p>
      ) : null}
      <SuccessBanner notice={form.notice} onClose={form.closeNotice} />
      <div className="form__actions">
        <button
          type="submit"
          className="btn btn--primary"
          disabled={form.sending || !form.ready}
          aria-busy={form.sending}
        >
          {form.sending ? 'Sending…' : submitLabel}
        </button>
      </div>
    </>
  );
}
