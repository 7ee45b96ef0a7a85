import { sumQuestionLabel, type SumQuestion } from '@agency/shared';
import { TextField } from '../fields';

/** The name of the answer control; it is not sent to the API. */
export const SUM_ANSWER_FIELD = 'sumAnswer';

/** Shown in the prerendered HTML until the client draws the digits; same length, so nothing shifts. */
const PENDING_LABEL = 'What is ? + ?';

interface SumQuestionFieldProps {
  question: SumQuestion | null;
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
}

export function SumQuestionField({ question, value, onChange, error }: SumQuestionFieldProps) {
  const label = question ? sumQuestionLabel(question) : PENDING_LABEL;
  return (
    <TextField
      name={SUM_ANSWER_FIELD}
      label={label}
      value={value}
      onChange={onChange}
      error={error}
      required
      inputMode="numeric"
      autoComplete="off"
      maxLength={2}
      className="field--sum"
    />
  );
}
