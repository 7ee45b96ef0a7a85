import { useId, type HTMLInputAutoCompleteAttribute, type ReactNode } from 'react';
import './forms.css';

/**
 * Labelled form controls with the shared classes of forms.css. Each control's accessible name is its visible
 * <label>; the hint and the error are tied to it with aria-describedby so a screen reader reads them on focus.
 */

interface FieldBaseProps {
  name: string;
  label: string;
  error?: string | undefined;
  hint?: ReactNode;
  required?: boolean;
  className?: string;
}

function describedBy(...ids: (string | false | undefined)[]): string | undefined {
  const present = ids.filter(Boolean);
  return present.length > 0 ? present.join(' ') : undefined;
}

function fieldClass(error: string | undefined, className: string | undefined): string {
  return ['field', error ? 'field--invalid' : '', className ?? ''].filter(Boolean).join(' ');
}

function FieldLabel({ htmlFor, label, required }: { htmlFor: string; label: ReactNode; required?: boolean }) {
  return (
    <label className="field__label" htmlFor={htmlFor}>
      {label}
      {required ? (
        <span className="field__required" aria-hidden="true">
          *
        </span>
      ) : null}
    </label>
  );
}

function FieldHint({ id, hint }: { id: string; hint?: ReactNode }) {
  return hint ? (
    <p className="field__hint" id={id}>
      {hint}
    </p>
  ) : null;
}

function FieldError({ id, error }: { id: string; error?: string | undefined }) {
  return error ? (
    <p className="field__error" id={id}>
      {error}
    </p>
  ) : null;
}

interface TextFieldProps extends FieldBaseProps {
  value: string;
  onChange: (value: string) => void;
  type?: 'text' | 'email' | 'tel' | 'number';
  inputMode?: 'text' | 'email' | 'tel' | 'numeric' | 'decimal';
  autoComplete?: HTMLInputAutoCompleteAttribute;
  placeholder?: string;
  maxLength?: number;
}

export function TextField(props: TextFieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  return (
    <div className={fieldClass(props.error, props.className)}>
      <FieldLabel htmlFor={id} label={props.label} required={props.required} />
      <FieldHint id={hintId} hint={props.hint} />
      <input
        id={id}
        name={props.name}
        type={props.type ?? 'text'}
        inputMode={props.inputMode}
        autoComplete={props.autoComplete}
        placeholder={props.placeholder}
        maxLength={props.maxLength}
        required={props.required}
        value={props.value}
        onChange={(event) => props.onChange(event.target.value)}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={describedBy(props.hint ? hintId : false, props.error ? errorId : false)}
      />
      <FieldError id={errorId} error={props.error} />
    </div>
  );
}

interface TextAreaFieldProps extends FieldBaseProps {
  value: string;
  onChange: (value: string) => void;
  rows?: number;
}

export function TextAreaField(props: TextAreaFieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  return (
    <div className={fieldClass(props.error, props.className)}>
      <FieldLabel htmlFor={id} label={props.label} required={props.required} />
      <FieldHint id={hintId} hint={props.hint} />
      <textarea
        id={id}
        name={props.name}
        rows={props.rows ?? 5}
        required={props.required}
        value={props.value}
        onChange={(event) => props.onChange(event.target.value)}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={describedBy(props.hint ? hintId : false, props.error ? errorId : false)}
      />
      <FieldError id={errorId} error={props.error} />
    </div>
  );
}

interface SelectFieldProps extends FieldBaseProps {
  value: string;
  onChange: (value: string) => void;
  options: readonly string[];
  /** The empty first option, e.g. "Select your state". */
  placeholder: string;
  autoComplete?: HTMLInputAutoCompleteAttribute;
}

export function SelectField(props: SelectFieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  return (
    <div className={fieldClass(props.error, props.className)}>
      <FieldLabel htmlFor={id} label={props.label} required={props.required} />
      <FieldHint id={hintId} hint={props.hint} />
      <select
        id={id}
        name={props.name}
        required={props.required}
        autoComplete={props.autoComplete}
        value={props.value}
        onChange={(event) => props.onChange(event.target.value)}
        aria-invalid={props.error ? true : undefined}
        aria-describedby={describedBy(props.hint ? hintId : false, props.error ? errorId : false)}
      >
        <option value="">{props.placeholder}</option>
        {props.options.map((option) => (
          <option key={option} value={option}>
            {option}
          </option>
        ))}
      </select>
      <FieldError id={errorId} error={props.error} />
    </div>
  );
}

interface RadioGroupProps {
  name: string;
  legend: string;
  options: readonly string[];
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
}

export function RadioGroup(props: RadioGroupProps) {
  const id = useId();
  const errorId = `${id}-error`;
  return (
    <fieldset className="choice-group" aria-describedby={props.error ? errorId : undefined}>
      <legend>{props.legend}</legend>
      <div className="choice-group__options">
        {props.options.map((option) => (
          <label key={option}>
            <input
              type="radio"
              name={props.name}
              value={option}
              checked={props.value === option}
              onChange={() => props.onChange(option)}
            />
            {option}
          </label>
        ))}
      </div>
      {props.error ? (
        <p className="field__error" id={errorId}>
          {props.error}
        </p>
      ) : null}
    </fieldset>
  );
}

interface CheckboxGroupProps {
  name: string;
  legend: string;
  options: readonly string[];
  values: readonly string[];
  onChange: (values: string[]) => void;
  error?: string | undefined;
}

export function CheckboxGroup(props: CheckboxGroupProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const toggle = (option: string, checked: boolean) => {
    const next = checked ? [...props.values, option] : props.values.filter((value) => value !== option);
    // Keep the order of the option list, whatever order the boxes were ticked in.
    props.onChange(props.options.filter((candidate) => next.includes(candidate)));
  };
  return (
    <fieldset className="choice-group" aria-describedby={props.error ? errorId : undefined}>
      <legend>{props.legend}</legend>
      <div className="choice-group__options">
        {props.options.map((option) => (
          <label key={option}>
            <input
              type="checkbox"
              name={props.name}
              value={option}
              checked={props.values.includes(option)}
              onChange={(event) => toggle(option, event.target.checked)}
            />
            {option}
          </label>
        ))}
      </div>
      {props.error ? (
        <p className="field__error" id={errorId}>
          {props.error}
        </p>
      ) : null}
    </fieldset>
  );
}

/** Moves focus to the first control (in page order) whose name has an error. */
export function focusFirstInvalid(form: HTMLFormElement | null, errors: Record<string, string>): void {
  if (!form) return;
  for (const element of Array.from(form.elements)) {
    const name = element.getAttribute('name');
    if (name && errors[name] && element instanceof HTMLElement) {
      element.focus();
      return;
    }
  }
}
