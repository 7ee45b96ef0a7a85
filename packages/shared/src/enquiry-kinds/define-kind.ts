import type { z } from 'zod';
import type { ReplyPromise } from './reply-promises';
import type { EnquiryStatus } from './statuses';

/** How one API field of an enquiry is stored, listed and shown. */
export interface StoredField {
  /** Its column in the enquiries table (a column two kinds share holds the same field of each). */
  readonly column: string;
  /** Its column heading in the dashboard. */
  readonly label: string;
  /** The dashboard's search (`q`) looks in it. */
  readonly searched?: true;
  /** Long free text gets a wide, wrapping dashboard column; a phone number stays on one line. */
  readonly layout?: 'long' | 'one-line';
  /** A phone number: exports keep it as typed, a text cell in a workbook, never a number (leading 0 kept). */
  readonly phone?: true;
  /** Its name in the listed rows when that is not the API field's own (spec 3 lists some by column). */
  readonly listedAs?: string;
  /** A list, stored as JSON text. */
  readonly storedAs?: 'json';
}

type SubmissionSchema = z.ZodType<Record<string, unknown>>;

/** What the staff inbox makes of a kind: every place that shows, searches or follows up an enquiry reads it here. */
export interface InboxRoles<F extends string = string> {
  /** The dashboard tab's name (spec 2). */
  readonly tabLabel: string;
  /** The stored fields that make the person's name, joined by a space (a list row's name, the search's name). */
  readonly nameFields: readonly F[];
  /** The stored fields a list row's preview is made of, joined by " · ", of which the first characters are kept. */
  readonly previewFields: readonly F[];
  /** The follow-up statuses, in the order of the follow-up. */
  readonly statuses: readonly EnquiryStatus[];
  /** The first-response target in business minutes until the owners set another (issue 21, docs/decisions/0038). */
  readonly responseTargetMinutes: number;
}

/**
 * One kind of enquiry, defined once. `fields` names every field of the schema's output exactly once, in the order
 * the API lists them (spec 3); `null` marks a field the schema fixes and the table does not keep.
 */
export interface EnquiryKind<S extends SubmissionSchema = SubmissionSchema> {
  readonly schema: S;
  readonly fields: { readonly [F in keyof z.output<S>]: StoredField | null };
  readonly paths: { readonly submit: string; readonly list: string; readonly delete: string };
  /** The page its form lives on: a form post without JavaScript is answered with it (docs/decisions/0019). */
  readonly formPage: string;
  readonly successMessage: string;
  /** The answer to a wrong sum, worded as the spec words it for this form. */
  readonly wrongSumMessage: string;
  /** The staff notification reads "A new {notificationTitle} has arrived". */
  readonly notificationTitle: string;
  /** What the form's page promises about the answer; the auto-reply repeats it (issue 17). */
  readonly replyPromise: ReplyPromise;
  readonly inbox: InboxRoles<Extract<keyof z.output<S>, string>>;
}

type Simplify<T> = { [K in keyof T]: T[K] } & {};
type Fields<D extends EnquiryKind> = D['fields'];
type Submission<D extends EnquiryKind> = z.output<D['schema']>;
type ValueOf<D extends EnquiryKind, F> = F extends keyof Submission<D> ? Submission<D>[F] : never;
type ListedName<F, Field> = Field extends { listedAs: infer Name extends string } ? Name : F;

/** The valid submission a kind stores (the schema's output). */
export type SubmissionOf<D extends EnquiryKind> = Submission<D>;

/** The kind's columns besides id and created_at, with the type each holds. */
export type ColumnsOf<D extends EnquiryKind> = Simplify<{
  [F in keyof Fields<D> as Fields<D>[F] extends { column: infer C extends string } ? C : never]: Fields<D>[F] extends {
    storedAs: 'json';
  }
    ? string
    : ValueOf<D, F>;
}>;

/** A stored enquiry as the API lists it: id, the stored fields, then created_at as an ISO time. */
export type ListedRowOf<D extends EnquiryKind> = Simplify<
  { id: number } & {
    [F in keyof Fields<D> as Fields<D>[F] extends StoredField ? ListedName<F, Fields<D>[F]> : never]: ValueOf<D, F>;
  } & { created_at: string }
>;
