import { fieldErrorsOf } from '@agency/shared';
import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { KIT_FORM_ATTRIBUTE, takeHeldSubmit, typedValuesOf } from './pre-hydration';

/** What a shared schema's safeParse returns. */
export type ParseResult<Data> =
  { success: true; data: Data } | { success: false; error: Parameters<typeof fieldErrorsOf>[0] };

export type FormValues = Record<string, string | string[]>;

/** What a form's submit action may do with the form it was sent from. */
export interface SubmitContext {
  /** Shows each message under its control (keyed by API field name) and focuses the first in page order. */
  showFieldErrors: (errors: Record<string, string>) => void;
  /** Focuses the control of one field, e.g. the sum's answer after a wrong sum. */
  focusField: (name: string) => void;
}

interface FormOptions<Values extends FormValues> {
  initialValues: Values;
  /** What the form shows first when it differs from `initialValues` (a page the server rendered after a post). */
  startWith?: { values: Values; errors: Record<string, string> } | undefined;
  /** Runs on submit with what was typed; while its promise is pending further submits are ignored. */
  onSubmit: (values: Values, context: SubmitContext) => void | Promise<void>;
}

/**
 * The one submit flow of every form (docs/decisions/0010-form-kit.md): the values and field errors, the one request
 * at a time, and the hand-over from before hydration: what the visitor typed, chose or ticked before the script ran
 * is adopted into state, and a submit held by index.html's inline script is sent once the form is live.
 */
export function useForm<Values extends FormValues>({ initialValues, startWith, onSubmit }: FormOptions<Values>) {
  const [values, setValues] = useState<Values>(startWith?.values ?? initialValues);
  const [errors, setErrors] = useState<Record<string, string>>(startWith?.errors ?? {});
  const [sending, setSending] = useState(false);
  /** How many held submits were taken over; each one is sent again once it has rendered. */
  const [heldSubmits, setHeldSubmits] = useState(0);
  const formRef = useRef<HTMLFormElement | null>(null);
  const adopted = useRef(false);
  const sendingRef = useRef(false);

  // A ref callback, not an effect: a form remounted under a new key (the auth screen's modes) must be marked live
  // too. It runs in the commit, before paint and before any re-render could write state back into the controls.
  const attachForm = useCallback(
    (form: HTMLFormElement | null) => {
      formRef.current = form;
      if (!form) return;
      if (!adopted.current) {
        adopted.current = true;
        const typed = typedValuesOf(form, initialValues);
        if (Object.keys(typed).length > 0) setValues((current) => ({ ...current, ...typed }));
      }
      if (takeHeldSubmit(form)) setHeldSubmits((count) => count + 1);
    },
    // Only the first form adopts, from the values it was rendered with.
    // eslint-disable-next-line react-hooks/exhaustive-deps
    [],
  );

  // After the adopted values have rendered, so the handler sends them.
  useEffect(() => {
    if (heldSubmits > 0) formRef.current?.requestSubmit();
  }, [heldSubmits]);

  const setField = useCallback(<K extends keyof Values & string>(name: K, value: Values[K]) => {
    setValues((current) => ({ ...current, [name]: value }));
    // The visitor is fixing this field: its old message no longer applies.
    setErrors((current) => {
      if (!(name in current)) return current;
      const { [name]: _fixed, ...rest } = current;
      return rest;
    });
  }, []);

  const reset = useCallback(() => {
    setValues(initialValues);
    setErrors({});
  }, [initialValues]);

  const context: SubmitContext = {
    showFieldErrors: (fieldErrors) => {
      setErrors(fieldErrors);
      focusFirstInvalid(formRef.current, fieldErrors);
    },
    focusField: (name) => focusFirstInvalid(formRef.current, { [name]: name }),
  };

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (sendingRef.current) return;
    const pending = onSubmit(values, context);
    if (!pending) return;
    sendingRef.current = true;
    setSending(true);
    try {
      await pending;
    } finally {
      sendingRef.current = false;
      setSending(false);
    }
  }

  /** The name, value, onChange and error of the control for one field. */
  const fieldProps = <K extends keyof Values & string>(name: K) => ({
    name,
    value: values[name],
    onChange: (value: Values[K]) => setField(name, value),
    error: errors[name],
  });

  return {
    values,
    setField,
    errors,
    setErrors,
    reset,
    fieldProps,
    sending,
    /** Spread on the <form>: its ref, submit handler, the inline script's marker and noValidate. */
    formProps: {
      ref: attachForm,
      onSubmit: handleSubmit,
      noValidate: true,
      [KIT_FORM_ATTRIBUTE]: '',
    },
  };
}

/**
 * Checks `values` with a shared schema: the parsed data, or null after showing every field's message. `extra` adds
 * messages of the form's own (the sum's answer), shown with the schema's in one go.
 */
export function parseOrShowErrors<Data>(
  parsed: ParseResult<Data>,
  context: SubmitContext,
  extra: Record<string, string> = {},
): Data | null {
  const fieldErrors = { ...(parsed.success ? {} : fieldErrorsOf(parsed.error)), ...extra };
  if (!parsed.success || Object.keys(fieldErrors).length > 0) {
    context.showFieldErrors(fieldErrors);
    return null;
  }
  context.showFieldErrors({});
  return parsed.data;
}

/** Moves focus to the first control (in page order) whose name has an error. */
function focusFirstInvalid(form: HTMLFormElement | null, errors: Record<string, string>): void {
  if (!form) return;
  for (const element of Array.from(form.elements)) {
    const name = element.getAttribute('name');
    if (name && errors[name] && element instanceof HTMLElement) {
      element.focus();
      return;
    }
  }
}
