import { FIELD_MESSAGES } from '@agency/shared';
import { useRef, useState } from 'react';
import { ApiError } from '@/lib/api-client';
import { SUM_ANSWER_FIELD } from './human-check/sum-question-field';
import { useSumQuestion } from './human-check/use-sum-question';
import type { SuccessNotice } from './success-banner';
import { parseOrShowErrors, useForm, type FormValues, type ParseResult } from './use-form';

interface PublicFormOptions<Values extends FormValues, Data> {
  initialValues: Values;
  /** The form's shared schema. */
  parse: (values: Values) => ParseResult<Data>;
  /** The form's call in features/<feature>/api/: resolves when stored, rejects with an ApiError otherwise. */
  send: (data: Data) => Promise<unknown>;
  messages: { sent: string; wrongSum: string; failed: string; networkError: string };
  /** Training forms alert() their failures, contact and quote show them in a role="alert" paragraph. */
  feedback: 'alert' | 'inline';
  /** Training keeps the question after a wrong answer; contact and quote draw a new one and empty the answer. */
  newQuestionAfterWrongSum: boolean;
  /**
   * What an answer that is not JSON means: 'failed' for the training forms, which read only the HTTP status
   * (spec 7), 'network-error' for contact and quote, whose exception path the spec's client took (spec 8).
   */
  unreadableAnswer: 'failed' | 'network-error';
}

/** The refusals shown in the server's own words (e.g. "try again in a minute"). */
const STATUSES_WITH_OWN_MESSAGE = new Set([429, 503]);

type Failure = { fields: Record<string, string> } | { message: string };

function failureOf(
  error: unknown,
  { messages, unreadableAnswer }: Pick<PublicFormOptions<FormValues, unknown>, 'messages' | 'unreadableAnswer'>,
): Failure {
  if (!(error instanceof ApiError) || error.kind === 'network') return { message: messages.networkError };
  if (error.kind === 'unreadable') {
    return { message: unreadableAnswer === 'failed' ? messages.failed : messages.networkError };
  }
  if (STATUSES_WITH_OWN_MESSAGE.has(error.status) && error.message) return { message: error.message };
  if (error.status === 400 && Object.keys(error.fieldErrors).length > 0) return { fields: { ...error.fieldErrors } };
  return { message: messages.failed };
}

/**
 * The submit flow the four public forms share (docs/decisions/0005-form-feedback.md), on the kit's useForm: fields,
 * then the sum, are checked in the browser; success clears the form, draws a new question and shows the banner;
 * failures keep what was typed. The human check is the kit's own part: the answer is one more control of the form.
 */
export function usePublicForm<Values extends FormValues, Data>(options: PublicFormOptions<Values, Data>) {
  const { messages } = options;
  const sum = useSumQuestion();
  const [formError, setFormError] = useState<string | null>(null);
  const [notice, setNotice] = useState<SuccessNotice | null>(null);
  const noticeCount = useRef(0);
  const [initialValues] = useState(() => ({ ...options.initialValues, [SUM_ANSWER_FIELD]: '' }));

  const showFailure = (message: string) => {
    if (options.feedback === 'alert') window.alert(message);
    else setFormError(message);
  };

  const form = useForm({
    initialValues,
    onSubmit: (values, context) => {
      setFormError(null);
      const { [SUM_ANSWER_FIELD]: answer, ...fields } = values;
      const answerText = typeof answer === 'string' ? answer : '';
      const data = parseOrShowErrors(
        options.parse(fields as unknown as Values),
        context,
        answerText.trim() === '' ? { [SUM_ANSWER_FIELD]: FIELD_MESSAGES.SUM_REQUIRED } : {},
      );
      if (data === null) return;

      if (!sum.isCorrect(answerText)) {
        showFailure(messages.wrongSum);
        if (options.newQuestionAfterWrongSum) {
          sum.regenerate();
          // The answer is always text; TypeScript cannot see that through the form's generic values.
          form.setField(SUM_ANSWER_FIELD, '' as (typeof initialValues)[typeof SUM_ANSWER_FIELD]);
        }
        context.focusField(SUM_ANSWER_FIELD);
        return;
      }

      return options.send(data).then(
        () => {
          form.reset();
          sum.regenerate();
          noticeCount.current += 1;
          setNotice({ message: messages.sent, id: noticeCount.current });
        },
        (error: unknown) => {
          const failure = failureOf(error, options);
          if ('fields' in failure) context.showFieldErrors(failure.fields);
          else showFailure(failure.message);
        },
      );
    },
  });

  return {
    ...form,
    /** The human check's question (null until the page runs in the browser) and its answer control's props. */
    sumQuestion: sum.question,
    answerProps: form.fieldProps(SUM_ANSWER_FIELD),
    formError,
    notice,
    closeNotice: () => setNotice(null),
    ready: sum.question !== null,
  };
}

export type PublicFormState = ReturnType<typeof usePublicForm>;
