import { HUMAN_CHECK_FIELDS, sumQuestionLabel, type SumQuestion } from '@agency/shared';
import { TextField } from '../fields';

/** The answer control is named after the API field it is sent as, so the server's errors land on it. */
export const SUM_ANSWER_FIELD = HUMAN_CHECK_FIELDS.answer;

/** Shown in the prerendered HTML until the question arrives; same length, so nothing shifts. */
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
