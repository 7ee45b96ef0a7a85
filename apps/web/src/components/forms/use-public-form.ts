import {
  API_MESSAGES,
  FIELD_MESSAGES,
  HONEYPOT_FIELD,
  HUMAN_CHECK_FIELDS,
  SUBMISSION_RULES,
  type FormPageState,
} from '@agency/shared';
import { useContext, useRef, useState } from 'react';
import { ApiError } from '@/lib/api-client';
import { carriedFirstTouch } from '@/lib/first-touch';
import { FormPageStateContext, issuedSlotsOf } from './form-page-state';
import { SUM_ANSWER_FIELD } from './human-check/sum-question-field';
import { useSumQuestion, type AskedSumQuestion } from './human-check/use-sum-question';
import { newIdempotencyKey, referenceOf, type PublicSubmission, type SubmissionFields } from './public-submission';
import type { FormOutcome } from './form-outcome';
import type { SuccessNotice } from './success-banner';
import { parseOrShowErrors, useForm, type FormValues, type ParseResult } from './use-form';

interface PublicFormOptions<Values extends FormValues, Data> {
  initialValues: Values;
  /** The form's submit endpoint: the `<form method="post">` goes there when JavaScript is off (docs/decisions/0019). */
  action: string;
  /** The form's shared schema. */
  parse: (values: Values) => ParseResult<Data>;
  /**
   * The form's call in features/<feature>/api/: sends the fields with `submission` beside them; resolves with the
   * answer when stored, rejects with an ApiError otherwise.
   */
  send: (data: Data, submission: PublicSubmission) => Promise<unknown>;
  messages: { sent: string; wrongSum: string; failed: string; networkError: string };
  /** Training forms alert() their failures, contact and quote show them in a role="alert" paragraph. */
  feedback: 'alert' | 'inline';
  /** Training keeps the question after a wrong answer; contact and quote ask for a new one and empty the answer. */
  newQuestionAfterWrongSum: boolean;
  /**
   * What an answer that is not JSON means: 'failed' for the training forms, which read only the HTTP status
   * (spec 7), 'network-error' for contact and quote, whose exception path the spec's client took (spec 8).
   */
  unreadableAnswer: 'failed' | 'network-error';
}

/** The refusals shown in the server's own words (e.g. "try again in a minute"). */
const STATUSES_WITH_OWN_MESSAGE = new Set([429, 503]);
/** A 400 whose own words say what to do: sent too fast after the form was first shown (issue 17). */
const MESSAGES_SHOWN_AS_SENT = new Set<string>([API_MESSAGES.SENT_TOO_FAST]);

type Failure =
  | { kind: 'wrong-sum' }
  | { kind: 'question-expired' }
  | { kind: 'fields'; fields: Record<string, string> }
  | { kind: 'message'; message: string };

function failureOf(
  error: unknown,
  { messages, unreadableAnswer }: Pick<PublicFormOptions<FormValues, unknown>, 'messages' | 'unreadableAnswer'>,
): Failure {
  if (!(error instanceof ApiError) || error.kind === 'network')
    return { kind: 'message', message: messages.networkError };
  if (error.kind === 'unreadable') {
    return { kind: 'message', message: unreadableAnswer === 'failed' ? messages.failed : messages.networkError };
  }
  if (error.status === 400) {
    // The server checks the sum again, against the question it signed (issue 10).
    const verdict = error.fieldErrors[HUMAN_CHECK_FIELDS.answer] ?? error.message;
    if (verdict === messages.wrongSum) return { kind: 'wrong-sum' };
    if (verdict === API_MESSAGES.HUMAN_CHECK_EXPIRED) return { kind: 'question-expired' };
  }
  if (STATUSES_WITH_OWN_MESSAGE.has(error.status) && error.message) return { kind: 'message', message: error.message };
  if (error.status === 400 && MESSAGES_SHOWN_AS_SENT.has(error.message))
    return { kind: 'message', message: error.message };
  if (error.status === 400 && Object.keys(error.fieldErrors).length > 0) {
    return { kind: 'fields', fields: { ...error.fieldErrors } };
  }
  return { kind: 'message', message: messages.failed };
}

/** The human check's fields: the token and the answer as typed, or neither for a question the page drew itself. */
function humanCheckFieldsOf(question: AskedSumQuestion, answer: string): Omit<SubmissionFields, typeof HONEYPOT_FIELD> {
  return question.token === null
    ? {}
    : { [HUMAN_CHECK_FIELDS.token]: question.token, [HUMAN_CHECK_FIELDS.answer]: answer };
}

/** Resolves once `ms` have passed (at once when `ms` is not positive). */
function pause(ms: number): Promise<void> {
  return ms > 0 ? new Promise((resolve) => setTimeout(resolve, ms)) : Promise.resolve();
}

/**
 * The submit flow the four public forms share (docs/decisions/0005-form-feedback.md, 0010-form-kit.md), on the kit's
 * useForm: fields, then the sum, are checked in the browser; the server's question, its token, the honeypot and an
 * idempotency key go with the fields; success clears the form, asks for a new question and shows the banner and the
 * reference; failures keep what was typed. The human check is the kit's own part: the answer is one more control.
 */
export function usePublicForm<Values extends FormValues, Data>(options: PublicFormOptions<Values, Data>) {
  const { messages } = options;
  // A page the server rendered after a form post starts where the post left off (docs/decisions/0019).
  const pageState = useContext(FormPageStateContext);
  const [slots] = useState(() => issuedSlotsOf(pageState));
  const sum = useSumQuestion(slots?.question ?? null);
  // A form post's outcome is shown at the top of the form (docs/decisions/0045), not in the banner or the footer.
  const [formError, setFormError] = useState<string | null>(null);
  const [notice, setNotice] = useState<SuccessNotice | null>(null);
  const [reference, setReference] = useState<string | null>(null);
  const noticeCount = useRef(0);
  const honeypotRef = useRef<HTMLInputElement>(null);
  /** The key of the filled form last sent without success, and what was sent with it. */
  const pendingKey = useRef<{ sent: string; key: string } | null>(null);
  const [initialValues] = useState(() => ({ ...options.initialValues, [SUM_ANSWER_FIELD]: '' }));

  const showFailure = (message: string) => {
    if (options.feedback === 'alert') window.alert(message);
    else setFormError(message);
  };

  /** The same key for a retry of the same filled form (same fields, question and answer), a new one otherwise. */
  const idempotencyKeyFor = (sent: string) => {
    if (pendingKey.current?.sent !== sent) pendingKey.current = { sent, key: newIdempotencyKey() };
    return pendingKey.current.key;
  };

  const [startWith] = useState(() => (pageState ? startingPoint(initialValues, pageState) : undefined));
  /** The id of a field's control: what the outcome's summary links to. */
  const fieldId = (name: string) => `${formIdOf(options.action)}-${name}`;
  const [outcome] = useState(() => (pageState ? outcomeOf(pageState, Object.keys(initialValues), fieldId) : null));

  const form = useForm({
    initialValues,
    startWith,
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

      const askNewQuestion = () => {
        // The same form: its first-served time goes on with the new question (issue 17).
        sum.renew('same-form');
        // The answer is always text; TypeScript cannot see that through the form's generic values.
        form.setField(SUM_ANSWER_FIELD, '' as (typeof initialValues)[typeof SUM_ANSWER_FIELD]);
      };
      const refuseWrongSum = () => {
        showFailure(messages.wrongSum);
        if (options.newQuestionAfterWrongSum) askNewQuestion();
        context.focusField(SUM_ANSWER_FIELD);
      };

      const { question } = sum;
      if (question === null || !sum.isCorrect(answerText)) {
        refuseWrongSum();
        return;
      }

      const submissionFields: SubmissionFields = {
        ...humanCheckFieldsOf(question, answerText),
        [HONEYPOT_FIELD]: honeypotRef.current?.value ?? '',
        // Only what was read: a payload without a source stays the payload it was.
        ...Object.fromEntries(Object.entries(carriedFirstTouch()).filter(([, value]) => value !== '')),
      };
      const idempotencyKey = idempotencyKeyFor(JSON.stringify([data, submissionFields]));
      // A form sent within 3 s of the form's first question would be refused as too fast: wait the rest.
      const tooSoonBy =
        question.token === null ? 0 : question.receivedAt + SUBMISSION_RULES.MIN_FILL_MS - performance.now();

      return pause(tooSoonBy)
        .then(() => options.send(data, { fields: submissionFields, idempotencyKey }))
        .then(
          (answer) => {
            pendingKey.current = null;
            form.reset();
            sum.renew('new-form');
            noticeCount.current += 1;
            setNotice({ message: messages.sent, id: noticeCount.current });
            setReference(referenceOf(answer));
          },
          (error: unknown) => {
            const failure = failureOf(error, options);
            if (failure.kind === 'wrong-sum') refuseWrongSum();
            else if (failure.kind === 'question-expired') {
              showFailure(API_MESSAGES.HUMAN_CHECK_EXPIRED);
              askNewQuestion();
              context.focusField(SUM_ANSWER_FIELD);
            } else if (failure.kind === 'fields') context.showFieldErrors(failure.fields);
            else showFailure(failure.message);
          },
        );
    },
  });

  return {
    ...form,
    /** The kit's field props, with the control's id the outcome's summary links to. */
    fieldProps: <K extends keyof typeof initialValues & string>(name: K) => ({
      ...form.fieldProps(name),
      id: fieldId(name),
    }),
    fieldId,
    /** A form post's outcome, when the page was rendered after the redirect (0045); it stays while the page does. */
    outcome,
    /** Spread on the <form>: the kit's props, and a real post to the form's endpoint for when JavaScript is off. */
    formProps: { ...form.formProps, method: 'post', action: options.action },
    /** The question's token and the page's key, posted by the hidden inputs when JavaScript is off. */
    questionToken: sum.question?.token ?? '',
    pageIdempotencyKey: slots?.idempotencyKey ?? '',
    /** The human check's question (null until it has arrived in the browser) and its answer control's props. */
    sumQuestion: sum.question,
    answerProps: { ...form.fieldProps(SUM_ANSWER_FIELD), id: fieldId(SUM_ANSWER_FIELD) },
    /** The honeypot's input: read as it is when the form is sent. */
    honeypotRef,
    formError,
    notice,
    closeNotice: () => setNotice(null),
    /** The last success's reference; it stays until the visitor closes it. */
    reference,
    closeReference: () => setReference(null),
    // The prerendered page is ready as it is: the server fills its question in per request.
    ready: sum.question !== null || typeof document === 'undefined',
  };
}

/** A readable, stable prefix for a form's ids from its endpoint: `/api/submit_quote.php` gives `quote`. */
function formIdOf(action: string): string {
  return (action.split('/').pop() ?? action).replace(/^submit_|\.php$/g, '');
}

/** The outcome a server-rendered page shows at the top: the success, or each field's message in the form's order. */
function outcomeOf(
  pageState: FormPageState,
  fieldNames: string[],
  fieldId: (name: string) => string,
): FormOutcome | null {
  if (pageState.sent) return { kind: 'sent', ...pageState.sent };
  const problems = fieldNames.flatMap((name) => {
    const message = pageState.errors[name];
    return message ? [{ fieldId: fieldId(name), message }] : [];
  });
  if (problems.length === 0 && !pageState.formError) return null;
  return { kind: 'refused', problems, formError: pageState.formError };
}

/** The values and errors a server-rendered page starts with: what was posted, for the fields this form has. */
function startingPoint<Values extends FormValues>(initialValues: Values, pageState: FormPageState) {
  const values: FormValues = { ...initialValues };
  for (const [name, empty] of Object.entries(initialValues)) {
    const posted = pageState.values[name];
    if (posted === undefined) continue;
    values[name] = Array.isArray(empty) ? [posted].flat() : Array.isArray(posted) ? (posted[0] ?? '') : posted;
  }
  values[SUM_ANSWER_FIELD] = pageState.answer;
  return { values: values as Values, errors: pageState.errors };
}

export type PublicFormState = ReturnType<typeof usePublicForm>;
