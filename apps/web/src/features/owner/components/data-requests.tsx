import { useId, useState } from 'react';
import {
  DataRequestQuerySchema,
  FOLDER_LABELS,
  MESSAGE_KIND_LABELS,
  STAFF_ADMIN_PATHS,
  STATUS_LABELS,
  type DataRequestAnswer,
  type DataRequestQuery,
  type EnquiryStatus,
} from '@agency/shared';
import { TextField } from '@/components/forms/fields';
import { parseOrShowErrors, useForm, type SubmitContext } from '@/components/forms/use-form';
import { ApiError } from '@/lib/api-client';
import { formatLagosDate } from '@/lib/format-date';
import { isAccessError } from '@/lib/staff-query';
import { useErasePersonData } from '../api/erase-person-data';
import { usePersonData, useSearchPersonData } from '../api/find-person-data';
import {
  countsText,
  enquiryFieldsText,
  eraseLabel,
  ERASURE_BACKUPS_NOTE,
  foundText,
  mailStatusText,
  recordsText,
} from '../person-data-text';
import { withQuery } from '../with-query';
import './owner.css';

interface Found {
  query: DataRequestQuery;
  answer: DataRequestAnswer;
}

const whoOf = (query: DataRequestQuery) => query.email ?? query.phone ?? '';
const searchOf = (query: DataRequestQuery) =>
  new URLSearchParams(Object.entries(query).filter((entry): entry is [string, string] => Boolean(entry[1]))).toString();
const statusLabel = (status: string) => STATUS_LABELS[status as EnquiryStatus] ?? status;

/**
 * Data requests (issue 12): find everything stored about one person by e-mail address or phone number, hand it to
 * them as JSON, CSV files (a ZIP, one per table) or an Excel workbook, and erase it all after a confirmation that names how many records will go.
 */
export function DataRequests() {
  const [searched, setSearched] = useState<DataRequestQuery | null>(null);
  const person = usePersonData(searched);
  const search = useSearchPersonData();
  const erasure = useErasePersonData();
  const [announcement, setAnnouncement] = useState('');
  const id = useId();

  async function find(query: DataRequestQuery, context: SubmitContext) {
    setAnnouncement('');
    try {
      const answer = await search(query);
      setSearched(query);
      setAnnouncement(
        answer.totalRecords === 0 ? `Nothing is stored about ${whoOf(query)}.` : `Found ${foundText(answer)}.`,
      );
    } catch (error) {
      if (isAccessError(error)) return;
      if (error instanceof ApiError && Object.keys(error.fieldErrors).length > 0) {
        context.showFieldErrors(error.fieldErrors);
        return;
      }
      console.warn('Finding the records failed', error);
      setAnnouncement(
        (error instanceof ApiError ? error.serverMessage : null) ?? 'The search did not work. Please try again.',
      );
    }
  }

  const form = useForm({
    initialValues: { email: '', phone: '' },
    onSubmit: (values, context) => {
      const query = parseOrShowErrors(
        DataRequestQuerySchema.safeParse({
          email: values.email.trim() || undefined,
          phone: values.phone.trim() || undefined,
        }),
        context,
      );
      return query ? find(query, context) : undefined;
    },
  });

  function erase() {
    if (!searched || !person.data || erasure.isPending) return;
    const query = searched;
    const who = whoOf(query);
    const expectedRecords = person.data.totalRecords;
    if (!window.confirm(`${eraseLabel(expectedRecords)} of ${who}? This cannot be undone.`)) return;
    setAnnouncement('');
    erasure.mutate(
      { query, expectedRecords },
      {
        onSuccess: ({ erased, after }) =>
          setAnnouncement(
            `Erased ${countsText(erased)} of ${who}. ${
              after.totalRecords === 0
                ? 'A new search finds nothing.'
                : `A new search still finds ${recordsText(after.totalRecords)}, stored meanwhile.`
            }`,
          ),
        onError: (error) => {
          if (isAccessError(error)) return;
          if (error instanceof ApiError && error.status === 409) {
            search(query).then(
              (now) =>
                setAnnouncement(
                  `Nothing was erased: the number of records changed since the search. ${who} now has ${recordsText(now.totalRecords)}; check them and erase again.`,
                ),
              (reloadError: unknown) => {
                if (!isAccessError(reloadError))
                  setAnnouncement('Nothing was erased: the number of records changed. Please search again.');
              },
            );
            return;
          }
          console.warn('Erasing the records failed', error);
          setAnnouncement(
            (error instanceof ApiError ? error.serverMessage : null) ??
              'Erasing did not work. Nothing was erased. Please try again.',
          );
        },
      },
    );
  }

  return (
    <div className="owner-sections">
      <section className="owner-card" aria-labelledby={`${id}-find`}>
        <h2 className="owner-card__title" id={`${id}-find`}>
          Find a person&rsquo;s data
        </h2>
        <form className="form owner-find" {...form.formProps}>
          <p className="form__intro">
            Enter their e-mail address or their phone number. Every enquiry, note and mail record of the four kinds is
            searched.
          </p>
          <div className="form__row">
            <TextField
              {...form.fieldProps('email')}
              label="E-mail address"
              type="email"
              inputMode="email"
              autoComplete="off"
            />
            <TextField
              {...form.fieldProps('phone')}
              label="Phone number"
              type="tel"
              inputMode="tel"
              autoComplete="off"
            />
          </div>
          <div className="form__actions">
            <button type="submit" className="btn btn--primary" disabled={form.sending}>
              {form.sending ? 'Finding...' : 'Find'}
            </button>
          </div>
        </form>
      </section>

      <p className="owner-status" role="status">
        {announcement}
      </p>

      {searched && person.data ? (
        <PersonRecords
          found={{ query: searched, answer: person.data }}
          erasing={erasure.isPending}
          onErase={erase}
          titleId={`${id}-found`}
        />
      ) : null}
    </div>
  );
}

interface PersonRecordsProps {
  found: Found;
  erasing: boolean;
  onErase: () => void;
  titleId: string;
}

function PersonRecords({ found: { query, answer }, erasing, onErase, titleId }: PersonRecordsProps) {
  const search = searchOf(query);
  return (
    <section className="owner-card" aria-labelledby={titleId}>
      <h2 className="owner-card__title" id={titleId}>
        Stored about {whoOf(query)}
      </h2>
      {answer.totalRecords === 0 ? (
        <p className="owner-empty">No enquiry, note or mail record.</p>
      ) : (
        <>
          <p className="person-data__counts">{foundText(answer)}</p>
          <div className="owner-toolbar">
            <a
              className="btn btn--secondary"
              href={withQuery(STAFF_ADMIN_PATHS.DATA_REQUEST_EXPORT_JSON, search)}
              download
            >
              Download JSON
            </a>
            <a
              className="btn btn--secondary"
              href={withQuery(STAFF_ADMIN_PATHS.DATA_REQUEST_EXPORT_ZIP, search)}
              download
            >
              Download CSV files (ZIP)
            </a>
            <a
              className="btn btn--secondary"
              href={withQuery(STAFF_ADMIN_PATHS.DATA_REQUEST_EXPORT_XLSX, search)}
              download
            >
              Download Excel
            </a>
            <button type="button" className="btn btn--owner-danger" disabled={erasing} onClick={onErase}>
              {erasing ? 'Erasing...' : eraseLabel(answer.totalRecords)}
            </button>
          </div>
          <p className="person-data__backups">{ERASURE_BACKUPS_NOTE}</p>

          {answer.enquiries.length > 0 ? (
            <>
              <h3 className="person-data__title">Enquiries ({answer.enquiries.length})</h3>
              <ul className="person-data__list">
                {answer.enquiries.map((enquiry) => (
                  <li key={`${enquiry.kind}-${enquiry.id}`} className="person-data__item">
                    <p className="person-data__line">
                      <strong>{enquiry.reference}</strong> · {MESSAGE_KIND_LABELS[enquiry.kind]} ·{' '}
                      <time dateTime={enquiry.createdAt}>{formatLagosDate(enquiry.createdAt)}</time>
                    </p>
                    <p className="person-data__meta">
                      Folder: {FOLDER_LABELS[enquiry.folder]} · Status: {statusLabel(enquiry.status)}
                    </p>
                    {Object.keys(enquiry.fields).length > 0 ? (
                      <p className="person-data__fields">{enquiryFieldsText(enquiry.kind, enquiry.fields)}</p>
                    ) : null}
                  </li>
                ))}
              </ul>
            </>
          ) : null}

          {answer.notes.length > 0 ? (
            <>
              <h3 className="person-data__title">Notes ({answer.notes.length})</h3>
              <ul className="person-data__list">
                {answer.notes.map((note, index) => (
                  <li key={`${note.kind}-${note.enquiryId}-${index}`} className="person-data__item">
                    <p className="person-data__line">
                      On <strong>{note.reference}</strong> by {note.authorName} ·{' '}
                      <time dateTime={note.createdAt}>{formatLagosDate(note.createdAt)}</time>
                    </p>
                    <p className="person-data__fields">{note.body}</p>
                  </li>
                ))}
              </ul>
            </>
          ) : null}

          {answer.mails.length > 0 ? (
            <>
              <h3 className="person-data__title">Mail records ({answer.mails.length})</h3>
              <ul className="person-data__list">
                {answer.mails.map((mail) => (
                  <li key={mail.id} className="person-data__item">
                    <p className="person-data__line">
                      <strong>{mail.subject}</strong>
                    </p>
                    <p className="person-data__meta">
                      To {mail.recipient} · {mailStatusText(mail.status)} ·{' '}
                      <time dateTime={mail.createdAt}>{formatLagosDate(mail.createdAt)}</time>
                    </p>
                  </li>
                ))}
              </ul>
            </>
          ) : null}
        </>
      )}
    </section>
  );
}
