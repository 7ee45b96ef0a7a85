import { FIELD_MESSAGES, fieldErrorsOf } from '@agency/shared';
import { useRef, useState, type FormEvent } from 'react';
import type { FormSubmitAnswer } from '@/lib/form-submission';
import { focusFirstInvalid } from './form-fields';
import { useFormValues } from './form-state';
import type { SuccessNotice } from './success-banner';

/** What a shared schema's safeParse returns. */
type ParseResult<Data> = { success: true; data: Data } | { success: false; error: Parameters<typeof fieldErrorsOf>[0] };

/** The arithmetic check of features/human-check, passed in because shared building blocks do not import features. */
interface SumCheck {
  /** null until the page runs in the browser; the form cannot be sent before. */
  question: object | null;
  isCorrect: (answer: string) => boolean;
  regenerate: () => void;
}

interface PublicFormOptions<Values, Data> {
  initialValues: Values;
  parse: (values: Values) => ParseResult<Data>;
  send: (data: Data) => Promise<FormSubmitAnswer>;
  sum: SumCheck;
  /** The name of the sum's answer control, for its error and focus. */
  answerField: string;
  messages: { sent: string; wrongSum: string; failed: string; networkError: string };
  /** Training forms alert() their failures, contact and quote show them in a role="alert" paragraph. */
  feedback: 'alert' | 'inline';
  /** Training keeps the question after a wrong answer; contact and quote draw a new one and empty the answer. */
  newQuestionAfterWrongSum: boolean;
}

/**
 * The submit flow the four public forms share (docs/decisions/0005-form-feedback.md): fields, then the sum, are
 * checked in the browser; one request at a time; success clears the form, draws a new question and shows the banner;
 * failures keep what was typed.
 */
export function usePublicForm<Values extends Record<string, unknown>, Data>(options: PublicFormOptions<Values, Data>) {
  const { sum, answerField, messages } = options;
  const { values, setField, errors, setErrors, reset } = useFormValues(options.initialValues);
  const [answer, setAnswer] = useState('');
  const [formError, setFormError] = useState<string | null>(null);
  const [notice, setNotice] = useState<SuccessNotice | null>(null);
  const [sending, setSending] = useState(false);
  const noticeCount = useRef(0);

  const showFieldErrors = (formElement: HTMLFormElement, fieldErrors: Record<string, string>) => {
    setErrors(fieldErrors);
    focusFirstInvalid(formElement, fieldErrors);
  };

  const showFailure = (message: string) => {
    if (options.feedback === 'alert') window.alert(message);
    else setFormError(message);
  };

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    // Held here: React clears event.currentTarget once the handler has awaited.
    const formElement = event.currentTarget;
    if (sending) return;
    setFormError(null);

    const parsed = options.parse(values);
    const fieldErrors = parsed.success ? {} : fieldErrorsOf(parsed.error);
    if (answer.trim() === '') fieldErrors[answerField] = FIELD_MESSAGES.SUM_REQUIRED;
    if (!parsed.success || Object.keys(fieldErrors).length > 0) {
      showFieldErrors(formElement, fieldErrors);
      return;
    }
    setErrors({});

    if (!sum.isCorrect(answer)) {
      showFailure(messages.wrongSum);
      if (options.newQuestionAfterWrongSum) {
        sum.regenerate();
        setAnswer('');
      }
      focusFirstInvalid(formElement, { [answerField]: messages.wrongSum });
      return;
    }

    setSending(true);
    try {
      const result = await options.send(parsed.data);
      if (result.outcome === 'sent') {
        reset();
        setAnswer('');
        sum.regenerate();
        noticeCount.current += 1;
        setNotice({ message: messages.sent, id: noticeCount.current });
      } else if (result.outcome === 'invalid') {
        showFieldErrors(formElement, result.errors);
      } else if (result.outcome === 'server-message') {
        showFailure(result.message);
      } else {
        showFailure(messages.failed);
      }
    } catch {
      showFailure(messages.networkError);
    } finally {
      setSending(false);
    }
  }

  /** The name, value, onChange and error of the control for one API field. */
  const fieldProps = <K extends keyof Values & string>(name: K) => ({
    name,
    value: values[name],
    onChange: (value: Values[K]) => setField(name, value),
    error: errors[name],
  });

  const answerProps = {
    value: answer,
    onChange: (value: string) => {
      setAnswer(value);
      setErrors(({ [answerField]: _answered, ...rest }) => rest);
    },
    error: errors[answerField],
  };

  return {
    handleSubmit,
    values,
    setField,
    errors,
    fieldProps,
    /** Props for the sum's answer control. */
    answerProps,
    formError,
    notice,
    closeNotice: () => setNotice(null),
    sending,
    ready: sum.question !== null,
  };
}

export type PublicFormState = ReturnType<typeof usePublicForm>;
