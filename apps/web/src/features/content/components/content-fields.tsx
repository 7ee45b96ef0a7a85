import type { ReactNode } from 'react';
import { formatNaira, type ContentType } from '@agency/shared';
import { fieldId, maxLengthOf, type FieldSpec, type SubField } from '../content-forms';

/**
 * The editor's controls, drawn from a type's field list (content-forms.ts). Every control has its visible label, its
 * hint and its error tied to it, and an id made from its place in the draft, so the error summary links to it.
 */

export interface FieldContext {
  type: ContentType;
  errors: Readonly<Record<string, string>>;
}

type Draft = Record<string, unknown>;

function describedBy(path: string, hint: boolean, error: boolean): string | undefined {
  const ids = [hint ? `${fieldId(path)}-hint` : '', error ? `${fieldId(path)}-error` : ''].filter(Boolean);
  return ids.length > 0 ? ids.join(' ') : undefined;
}

/** A field's hint and error under it, with the ids its control's aria-describedby names (describedBy). */
function FieldNotes({ id, hint, error }: { id: string; hint?: string; error?: string }) {
  return (
    <>
      {hint ? (
        <p className="field__hint" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
      {error ? (
        <p className="field__error" id={`${id}-error`}>
          {error}
        </p>
      ) : null}
    </>
  );
}

/** A label, its hint, the control and its error: the error is read on focus with the hint. */
export function ContentField({
  path,
  label,
  hint,
  error,
  children,
  className,
}: {
  path: string;
  label: ReactNode;
  hint?: ReactNode;
  error?: string;
  children: (control: {
    id: string;
    'aria-invalid': true | undefined;
    'aria-describedby': string | undefined;
  }) => ReactNode;
  className?: string;
}) {
  const id = fieldId(path);
  return (
    <div className={['field', error ? 'field--invalid' : '', className ?? ''].filter(Boolean).join(' ')}>
      <label className="field__label" htmlFor={id}>
        {label}
      </label>
      {hint ? (
        <p className="field__hint" id={`${id}-hint`}>
          {hint}
        </p>
      ) : null}
      {children({
        id,
        'aria-invalid': error ? true : undefined,
        'aria-describedby': describedBy(path, Boolean(hint), Boolean(error)),
      })}
      {error ? (
        <p className="field__error" id={`${id}-error`}>
          {error}
        </p>
      ) : null}
    </div>
  );
}

const text = (value: unknown) => (typeof value === 'string' ? value : '');

/** A text, textarea, select or naira input of a record inside a list or group. */
function SubControl({
  field,
  path,
  value,
  onChange,
  error,
  max,
}: {
  field: SubField;
  path: string;
  value: unknown;
  onChange: (value: unknown) => void;
  error?: string;
  max?: number;
}) {
  const hint = field.kind === 'naira' && typeof value === 'number' ? `${formatNaira(value)}` : undefined;
  return (
    <ContentField path={path} label={field.label} hint={hint} error={error}>
      {(control) =>
        field.kind === 'textarea' ? (
          <textarea
            {...control}
            rows={3}
            maxLength={max}
            value={text(value)}
            onChange={(e) => onChange(e.target.value)}
          />
        ) : field.kind === 'select' ? (
          <select {...control} value={text(value)} onChange={(e) => onChange(e.target.value)}>
            {(field.options ?? []).map((option) => (
              <option key={option}>{option}</option>
            ))}
          </select>
        ) : field.kind === 'naira' ? (
          <input
            {...control}
            type="number"
            inputMode="numeric"
            min={0}
            step={1000}
            value={typeof value === 'number' ? value : ''}
            onChange={(e) => onChange(e.target.value === '' ? 0 : Math.round(Number(e.target.value)))}
          />
        ) : (
          <input
            {...control}
            type="text"
            maxLength={max}
            value={text(value)}
            onChange={(e) => onChange(e.target.value)}
          />
        )
      }
    </ContentField>
  );
}

/** One field of the type's list, other than images (ImageField draws those). */
export function SpecField({
  spec,
  data,
  set,
  context,
}: {
  spec: Exclude<FieldSpec, { kind: 'image' }>;
  data: Draft;
  set: (key: string, value: unknown) => void;
  context: FieldContext;
}) {
  const { errors, type } = context;
  const value = data[spec.key];
  const max = maxLengthOf(type, spec.key);
  const error = errors[spec.key];

  switch (spec.kind) {
    case 'text':
    case 'url':
      return (
        <ContentField path={spec.key} label={spec.label} hint={spec.hint} error={error}>
          {(control) => (
            <input
              {...control}
              type={spec.kind === 'url' ? 'url' : 'text'}
              inputMode={spec.kind === 'url' ? 'url' : undefined}
              maxLength={max}
              value={text(value)}
              onChange={(e) => set(spec.key, e.target.value)}
            />
          )}
        </ContentField>
      );
    case 'textarea':
    case 'markdown':
      return (
        <ContentField
          path={spec.key}
          label={spec.label}
          hint={
            spec.kind === 'markdown'
              ? '## for a heading, - for a list, [text](https://...) for a link, **bold**, *italics*.'
              : spec.hint
          }
          error={error}
          className={spec.kind === 'markdown' ? 'content-markdown' : undefined}
        >
          {(control) => (
            <textarea
              {...control}
              rows={spec.kind === 'markdown' ? 16 : 4}
              maxLength={max}
              value={text(value)}
              onChange={(e) => set(spec.key, e.target.value)}
            />
          )}
        </ContentField>
      );
    case 'date':
      return (
        <ContentField path={spec.key} label={spec.label} hint={spec.hint} error={error}>
          {(control) => (
            <input
              {...control}
              type="date"
              value={text(value)}
              onChange={(e) => set(spec.key, e.target.value === '' && spec.optional ? null : e.target.value)}
            />
          )}
        </ContentField>
      );
    case 'count':
      return (
        <ContentField path={spec.key} label={spec.label} hint={spec.hint} error={error}>
          {(control) => (
            <input
              {...control}
              type="number"
              inputMode="numeric"
              min={0}
              value={typeof value === 'number' ? value : ''}
              onChange={(e) => set(spec.key, e.target.value === '' ? null : Math.round(Number(e.target.value)))}
            />
          )}
        </ContentField>
      );
    case 'select':
      return (
        <ContentField path={spec.key} label={spec.label} hint={spec.hint} error={error}>
          {(control) => (
            <select {...control} value={text(value)} onChange={(e) => set(spec.key, e.target.value)}>
              {spec.options.map((option) => (
                <option key={option}>{option}</option>
              ))}
            </select>
          )}
        </ContentField>
      );
    case 'checkbox': {
      const id = fieldId(spec.key);
      return (
        <div className={`field content-check${error ? ' field--invalid' : ''}`}>
          <div className="content-check__row">
            <input
              id={id}
              type="checkbox"
              checked={value === true}
              aria-invalid={error ? true : undefined}
              aria-describedby={describedBy(spec.key, Boolean(spec.hint), Boolean(error))}
              onChange={(e) => set(spec.key, e.target.checked)}
            />
            <label htmlFor={id}>{spec.label}</label>
          </div>
          <FieldNotes id={id} hint={spec.hint} error={error} />
        </div>
      );
    }
    case 'list':
      return <TextList spec={spec} items={Array.isArray(value) ? value : []} set={set} context={context} />;
    case 'group':
      return <RecordList spec={spec} items={Array.isArray(value) ? value : []} set={set} context={context} />;
    case 'optional-group':
      return <OptionalGroup spec={spec} value={value} set={set} context={context} />;
  }
}

function ListFrame({
  path,
  label,
  hint,
  error,
  addLabel,
  onAdd,
  children,
}: {
  path: string;
  label: string;
  hint?: string;
  error?: string;
  addLabel: string;
  onAdd: () => void;
  children: ReactNode;
}) {
  const id = fieldId(path);
  return (
    <fieldset
      className="content-group"
      id={id}
      tabIndex={-1}
      aria-describedby={describedBy(path, Boolean(hint), Boolean(error))}
    >
      <legend className="content-group__legend">{label}</legend>
      <FieldNotes id={id} hint={hint} error={error} />
      {children}
      <p className="content-group__add">
        <button type="button" className="btn btn--secondary" onClick={onAdd}>
          {addLabel}
        </button>
      </p>
    </fieldset>
  );
}

function RemoveButton({ what, onRemove }: { what: string; onRemove: () => void }) {
  return (
    <button type="button" className="btn btn--secondary content-remove" onClick={onRemove}>
      Remove<span className="visually-hidden"> {what}</span>
    </button>
  );
}

function TextList({
  spec,
  items,
  set,
  context,
}: {
  spec: Extract<FieldSpec, { kind: 'list' }>;
  items: unknown[];
  set: (key: string, value: unknown) => void;
  context: FieldContext;
}) {
  const max = maxLengthOf(context.type, spec.key);
  const change = (next: unknown[]) => set(spec.key, next);
  return (
    <ListFrame
      path={spec.key}
      label={spec.label}
      hint={spec.hint}
      error={context.errors[spec.key]}
      addLabel={spec.addLabel}
      onAdd={() => change([...items, ''])}
    >
      {items.length === 0 ? <p className="owner-empty">None yet.</p> : null}
      <ol className="content-list-items">
        {items.map((item, index) => {
          const path = `${spec.key}.${index}`;
          const what = `${spec.itemLabel.toLowerCase()} ${index + 1}`;
          return (
            // The position is the item's identity here: a list of plain texts has no other.
            <li key={index} className="content-list-item">
              <ContentField path={path} label={`${spec.itemLabel} ${index + 1}`} error={context.errors[path]}>
                {(control) =>
                  spec.multiline ? (
                    <textarea
                      {...control}
                      rows={2}
                      maxLength={max}
                      value={text(item)}
                      onChange={(e) => change(items.map((each, at) => (at === index ? e.target.value : each)))}
                    />
                  ) : (
                    <input
                      {...control}
                      type="text"
                      maxLength={max}
                      value={text(item)}
                      onChange={(e) => change(items.map((each, at) => (at === index ? e.target.value : each)))}
                    />
                  )
                }
              </ContentField>
              <RemoveButton what={what} onRemove={() => change(items.filter((_each, at) => at !== index))} />
            </li>
          );
        })}
      </ol>
    </ListFrame>
  );
}

function RecordList({
  spec,
  items,
  set,
  context,
}: {
  spec: Extract<FieldSpec, { kind: 'group' }>;
  items: unknown[];
  set: (key: string, value: unknown) => void;
  context: FieldContext;
}) {
  const change = (next: unknown[]) => set(spec.key, next);
  return (
    <ListFrame
      path={spec.key}
      label={spec.label}
      hint={spec.hint}
      error={context.errors[spec.key]}
      addLabel={spec.addLabel}
      onAdd={() => change([...items, { ...spec.blank }])}
    >
      {items.length === 0 ? <p className="owner-empty">None yet.</p> : null}
      {items.map((item, index) => {
        const record = (typeof item === 'object' && item !== null ? item : {}) as Draft;
        const path = `${spec.key}.${index}`;
        const name = `${spec.itemLabel} ${index + 1}`;
        return (
          <fieldset key={index} className="content-record" id={fieldId(path)} tabIndex={-1}>
            <legend className="content-record__legend">{name}</legend>
            {context.errors[path] ? <p className="field__error">{context.errors[path]}</p> : null}
            {spec.fields.map((field) => (
              <SubControl
                key={field.key}
                field={field}
                path={`${path}.${field.key}`}
                value={record[field.key]}
                error={context.errors[`${path}.${field.key}`]}
                max={maxLengthOf(context.type, spec.key, field.key)}
                onChange={(value) =>
                  change(items.map((each, at) => (at === index ? { ...record, [field.key]: value } : each)))
                }
              />
            ))}
            <RemoveButton
              what={name.toLowerCase()}
              onRemove={() => change(items.filter((_each, at) => at !== index))}
            />
          </fieldset>
        );
      })}
    </ListFrame>
  );
}

function OptionalGroup({
  spec,
  value,
  set,
  context,
}: {
  spec: Extract<FieldSpec, { kind: 'optional-group' }>;
  value: unknown;
  set: (key: string, value: unknown) => void;
  context: FieldContext;
}) {
  const record = (typeof value === 'object' && value !== null ? value : {}) as Draft;
  const id = fieldId(spec.key);
  const error = context.errors[spec.key];
  const change = (key: string, next: unknown) => {
    const changed = { ...Object.fromEntries(spec.fields.map((field) => [field.key, ''])), ...record, [key]: next };
    // All empty is "no next step": stored as null, as the schema has it.
    set(spec.key, Object.values(changed).every((each) => each === '') ? null : changed);
  };
  return (
    <fieldset
      className="content-group"
      id={id}
      tabIndex={-1}
      aria-describedby={describedBy(spec.key, Boolean(spec.hint), Boolean(error))}
    >
      <legend className="content-group__legend">{spec.label}</legend>
      <FieldNotes id={id} hint={spec.hint} error={error} />
      {spec.fields.map((field) => (
        <SubControl
          key={field.key}
          field={field}
          path={`${spec.key}.${field.key}`}
          value={record[field.key]}
          error={context.errors[`${spec.key}.${field.key}`]}
          max={maxLengthOf(context.type, spec.key, field.key)}
          onChange={(next) => change(field.key, next)}
        />
      ))}
    </fieldset>
  );
}
