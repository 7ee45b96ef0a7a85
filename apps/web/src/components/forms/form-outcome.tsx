import { API_MESSAGES, FORM_OUTCOME } from '@agency/shared';
import '@/components/ui/forms.css';
import './form-outcome.css';

/** The heading of the summary of a refused form post. */
export const PROBLEM_HEADING = 'There is a problem';

/** A form post's outcome as its page shows it after the redirect (docs/decisions/0045). */
export type FormOutcome =
  | { kind: 'sent'; message: string; reference: string }
  | {
      kind: 'refused';
      /** Each field's message with the id of its control, in the form's order. */
      problems: Array<{ fieldId: string; message: string }>;
      /** The form's own message (too many sends, sent too fast). */
      formError: string | null;
    };

/**
 * The outcome at the top of the form after a post without JavaScript: the success and its reference, or "There is a
 * problem" with a link to each field's message. The redirect's address names its id as the fragment and it carries
 * autofocus, so the browser scrolls to it and focus starts there; a screen reader reads it out as the page opens.
 * It stays until the visitor leaves the page (no timer, unlike the banner of a send with JavaScript).
 */
export function FormOutcomeSummary({ outcome }: { outcome: FormOutcome | null }) {
  if (!outcome) return null;
  if (outcome.kind === 'sent') {
    const text = API_MESSAGES.REFERENCE_NOTICE(outcome.reference);
    const at = text.indexOf(outcome.reference);
    return (
      <div
        id={FORM_OUTCOME.anchor}
        className="form-outcome form-outcome--sent"
        role="status"
        tabIndex={-1}
        autoFocus
        aria-labelledby={`${FORM_OUTCOME.anchor}-title`}
      >
        <h2 className="form-outcome__title" id={`${FORM_OUTCOME.anchor}-title`}>
          {outcome.message}
        </h2>
        <p className="form-outcome__text">
          {text.slice(0, at)}
          <strong className="form-outcome__reference">{outcome.reference}</strong>
          {text.slice(at + outcome.reference.length)}
        </p>
      </div>
    );
  }
  return (
    <div
      id={FORM_OUTCOME.anchor}
      className="form-outcome form-outcome--refused"
      role="alert"
      tabIndex={-1}
      autoFocus
      aria-labelledby={`${FORM_OUTCOME.anchor}-title`}
    >
      <h2 className="form-outcome__title" id={`${FORM_OUTCOME.anchor}-title`}>
        {PROBLEM_HEADING}
      </h2>
      {outcome.formError ? <p className="form-outcome__text">{outcome.formError}</p> : null}
      {outcome.problems.length > 0 ? (
        <ul className="form-outcome__list">
          {outcome.problems.map((problem) => (
            <li key={problem.fieldId}>
              <a href={`#${problem.fieldId}`}>{problem.message}</a>
            </li>
          ))}
        </ul>
      ) : null}
    </div>
  );
}
