import { useId, type HTMLInputAutoCompleteAttribute, type ReactNode } from 'react';
import '@/components/ui/forms.css';

/**
 * Labelled form controls with the shared classes of forms.css. Each control's accessible name is its visible
 * <label>; the hint and the error are tied to it with aria-describedby so a screen reader reads them on focus.
 */

interface FieldBaseProps {
  name: string;
  /** The control's id, when something links to it (a form post's summary of problems); a generated one otherwise. */
  id?: string | undefined;
  label: ReactNode;
  error?: string | undefined;
  hint?: ReactNode;
  required?: boolean;
  /** false hides the visible `*` (the staff forms mark nothing; `required` still tells screen readers). */
  markRequired?: boolean;
  /** 'below': the hint follows the control and its error (the staff password rule). */
  hintPlacement?: 'above' | 'below';
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

export type FieldProps = FieldBaseProps & { children: (control: ControlProps) => ReactNode };

/** The attributes that tie a control to its label, hint and error. */
export interface ControlProps {
  id: string;
  name: string;
  required: boolean | undefined;
  'aria-invalid': true | undefined;
  'aria-describedby': string | undefined;
}

/**
 * A labelled control: the label, the hint, the control itself and the error, tied together by ids. The fields below
 * are its common cases; a control they do not cover (the inbox's date filters, its selects of labelled values) is
 * drawn by the caller with the attributes it is handed.
 */
export function Field({ children, ...props }: FieldProps) {
  const generatedId = useId();
  const id = props.id ?? generatedId;
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  const hintBelow = props.hintPlacement === 'below';
  return (
    <div className={fieldClass(props.error, props.className)}>
      <FieldLabel htmlFor={id} label={props.label} required={props.required && props.markRequired !== false} />
      {hintBelow ? null : <FieldHint id={hintId} hint={props.hint} />}
      {children({
        id,
        name: props.name,
        required: props.required,
        'aria-invalid': props.error ? true : undefined,
        'aria-describedby': hintBelow
          ? describedBy(props.error ? errorId : false, props.hint ? hintId : false)
          : describedBy(props.hint ? hintId : false, props.error ? errorId : false),
      })}
      <FieldError id={errorId} error={props.error} />
      {hintBelow ? <FieldHint id={hintId} hint={props.hint} /> : null}
    </div>
  );
}

interface TextFieldProps extends FieldBaseProps {
  value: string;
  onChange: (value: string) => void;
  type?: 'text' | 'email' | 'tel' | 'number' | 'password';
  inputMode?: 'text' | 'email' | 'tel' | 'numeric' | 'decimal';
  autoComplete?: HTMLInputAutoCompleteAttribute;
  placeholder?: string;
  maxLength?: number;
}

export function TextField({
  value,
  onChange,
  type,
  inputMode,
  autoComplete,
  placeholder,
  maxLength,
  ...field
}: TextFieldProps) {
  return (
    <Field {...field}>
      {(control) => (
        <input
          {...control}
          type={type ?? 'text'}
          inputMode={inputMode}
          autoComplete={autoComplete}
          placeholder={placeholder}
          maxLength={maxLength}
          value={value}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
    </Field>
  );
}

interface TextAreaFieldProps extends FieldBaseProps {
  value: string;
  onChange: (value: string) => void;
  rows?: number;
}

export function TextAreaField({ value, onChange, rows, ...field }: TextAreaFieldProps) {
  return (
    <Field {...field}>
      {(control) => (
        <textarea {...control} rows={rows ?? 5} value={value} onChange={(event) => onChange(event.target.value)} />
      )}
    </Field>
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

export function SelectField({ value, onChange, options, placeholder, autoComplete, ...field }: SelectFieldProps) {
  return (
    <Field {...field}>
      {(control) => (
        <select
          {...control}
          autoComplete={autoComplete}
          value={value}
          onChange={(event) => onChange(event.target.value)}
        >
          <option value="">{placeholder}</option>
          {options.map((option) => (
            <option key={option} value={option}>
              {option}
            </option>
          ))}
        </select>
      )}
    </Field>
  );
}

/** A fieldset of radios or checkboxes, with its error tied to the group. */
function ChoiceGroup({ legend, error, children }: { legend: string; error?: string | undefined; children: ReactNode }) {
  const errorId = `${useId()}-error`;
  return (
    <fieldset className="choice-group" aria-describedby={error ? errorId : undefined}>
      <legend>{legend}</legend>
      <div className="choice-group__options">{children}</div>
      <FieldError id={errorId} error={error} />
    </fieldset>
  );
}

interface RadioGroupProps {
  name: string;
  /** Given to the first option, for a link to the group. */
  id?: string | undefined;
  legend: string;
  options: readonly string[];
  value: string;
  onChange: (value: string) => void;
  error?: string | undefined;
}

export function RadioGroup(props: RadioGroupProps) {
  return (
    <ChoiceGroup legend={props.legend} error={props.error}>
      {props.options.map((option, index) => (
        <label key={option}>
          <input
            id={index === 0 ? props.id : undefined}
            type="radio"
            name={props.name}
            value={option}
            checked={props.value === option}
            onChange={() => props.onChange(option)}
          />
          {option}
        </label>
      ))}
    </ChoiceGroup>
  );
}

interface CheckboxGroupProps {
  name: string;
  /** Given to the first option, for a link to the group. */
  id?: string | undefined;
  legend: string;
  options: readonly string[];
  values: readonly string[];
  onChange: (values: string[]) => void;
  error?: string | undefined;
}

export function CheckboxGroup(props: CheckboxGroupProps) {
  const toggle = (option: string, checked: boolean) => {
    const next = checked ? [...props.values, option] : props.values.filter((value) => value !== option);
    // Keep the order of the option list, whatever order the boxes were ticked in.
    props.onChange(props.options.filter((candidate) => next.includes(candidate)));
  };
  return (
    <ChoiceGroup legend={props.legend} error={props.error}>
      {props.options.map((option, index) => (
        <label key={option}>
          <input
            id={index === 0 ? props.id : undefined}
            type="checkbox"
            name={props.name}
            value={option}
            checked={props.values.includes(option)}
            onChange={(event) => toggle(option, event.target.checked)}
          />
          {option}
        </label>
      ))}
    </ChoiceGroup>
  );
}
