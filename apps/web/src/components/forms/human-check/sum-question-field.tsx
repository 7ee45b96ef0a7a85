import { FORM_SLOT_ATTRIBUTE, HUMAN_CHECK_FIELDS, sumQuestionLabel, type SumQuestion } from '@agency/shared';
import { TextField } from '../fields';

/** The answer control is named after the API field it is sent as, so the server's errors land on it. */
export const SUM_ANSWER_FIELD = HUMAN_CHECK_FIELDS.answer;

/** Shown until the question is there; same length, so nothing shifts. The server fills it in (0019). */
export const PENDING_LABEL = 'What is ? + ?';

interface SumQuestionFieldProps {
  question: SumQuestion | null;
  /** The answer control's id, for a link to it. */
  id?: string | undefined;
  /** The question's signed token, posted with the form when JavaScript is off ('' until there is one). */
  token: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
}

/**
 * "What is a + b?" in a slot and the token in a hidden input: the prerendered page holds the pending label and an
 * empty token, which the server fills per request (docs/decisions/0019), so the question works without JavaScript.
 * One text node for the question, so every browser names the answer box "What is a + b?".
 */
export function SumQuestionField({ question, id, token, value, onChange, error }: SumQuestionFieldProps) {
  return (
    <>
      <TextField
        id={id}
        name={SUM_ANSWER_FIELD}
        label={
          <span {...{ [FORM_SLOT_ATTRIBUTE]: 'question' }} suppressHydrationWarning>
            {question ? sumQuestionLabel(question) : PENDING_LABEL}
          </span>
        }
        value={value}
        onChange={onChange}
        error={error}
        required
        inputMode="numeric"
        autoComplete="off"
        maxLength={2}
        className="field--sum"
      />
      <input
        {...{ [FORM_SLOT_ATTRIBUTE]: 'token' }}
        type="hidden"
        name={HUMAN_CHECK_FIELDS.token}
        value={token}
        suppressHydrationWarning
      />
    </>
  );
}
