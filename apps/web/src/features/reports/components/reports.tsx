import { useState, type ReactNode } from 'react';
import {
  MESSAGE_KIND_LABELS,
  reportCsvPath,
  type ReportAnswer,
  type ReportName,
  type ResponseFigures,
} from '@agency/shared';
import { useReport } from '../api/get-report';
import { durationOf, lagosToday, percentOf, rangeLabelOf, weekAround, weekLabelOf } from '../report-format';
import { BarChart, type BarSeries } from './bar-chart';
import './reports.css';

const CHANNEL_LABELS = { email: 'E-mail', whatsapp: 'WhatsApp', call: 'Call' } as const;

const TIME_SERIES: BarSeries[] = [
  { key: 'median', label: 'Median', tone: 'primary' },
  { key: 'p90', label: '9 in 10 within', tone: 'secondary' },
];

const FUNNEL_SERIES: BarSeries[] = [
  { key: 'received', label: 'New', tone: 'tertiary' },
  { key: 'contacted', label: 'Contacted', tone: 'secondary' },
  { key: 'won', label: 'Won or enrolled', tone: 'primary' },
];

const count = (value: number | null) => (value === null ? '–' : String(value));

interface NamedFigures extends ResponseFigures {
  name: string;
}

function withinOf(figures: ResponseFigures): string {
  return figures.withTarget === 0
    ? '–'
    : `${percentOf(figures.shareWithinTarget)} (${figures.withinTarget} of ${figures.withTarget})`;
}

/** A first-response chart: median and 90th percentile per group, and its table with every figure. */
function ResponseTimeChart({ groups, caption }: { groups: NamedFigures[]; caption: string }) {
  return (
    <BarChart
      series={TIME_SERIES}
      rows={groups.map((group) => ({ label: group.name, values: { median: group.medianMs, p90: group.p90Ms } }))}
      format={durationOf}
      empty="No first answers in this week."
      table={
        <table className="report-table">
          <caption>{caption}</caption>
          <thead>
            <tr>
              <th scope="col">Who or what</th>
              <th scope="col">Answered</th>
              <th scope="col">Median</th>
              <th scope="col">90th percentile</th>
              <th scope="col">Within target</th>
            </tr>
          </thead>
          <tbody>
            {groups.map((group) => (
              <tr key={group.name}>
                <th scope="row">{group.name}</th>
                <td>{group.answered}</td>
                <td>{durationOf(group.medianMs)}</td>
                <td>{durationOf(group.p90Ms)}</td>
                <td>{withinOf(group)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      }
    />
  );
}

function FunnelChart({
  groups,
  caption,
}: {
  groups: Array<{ name: string; received: number; contacted: number; won: number }>;
  caption: string;
}) {
  return (
    <BarChart
      series={FUNNEL_SERIES}
      rows={groups.map(({ name, ...values }) => ({ label: name, values }))}
      format={count}
      empty="No enquiries in this week."
      table={
        <table className="report-table">
          <caption>{caption}</caption>
          <thead>
            <tr>
              <th scope="col">From</th>
              <th scope="col">New</th>
              <th scope="col">Contacted</th>
              <th scope="col">Won or enrolled</th>
            </tr>
          </thead>
          <tbody>
            {groups.map((group) => (
              <tr key={group.name}>
                <th scope="row">{group.name}</th>
                <td>{group.received}</td>
                <td>{group.contacted}</td>
                <td>{group.won}</td>
              </tr>
            ))}
          </tbody>
        </table>
      }
    />
  );
}

function CsvLink({ report, answer, label }: { report: ReportName; answer: ReportAnswer; label: string }) {
  return (
    <a className="report-csv" href={`${reportCsvPath(report)}?from=${answer.from}&to=${answer.to}`} download>
      Download {label} (CSV)
    </a>
  );
}

function ReportSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className="owner-card report-section" aria-labelledby={id}>
      <h2 id={id} className="report-section__title">
        {title}
      </h2>
      {children}
    </section>
  );
}

/** The week's figures at a glance, then each report with its chart, its table and its CSV. */
function ReportBody({ answer }: { answer: ReportAnswer }) {
  const { responseTimes, weeks, funnel } = answer;
  const overall = responseTimes.overall;
  const totals = weeks.reduce(
    (sum, week) => ({
      received: sum.received + week.received,
      answered: sum.answered + week.answered,
      unanswered: sum.unanswered + week.unanswered,
      overdue: sum.overdue + week.overdue,
      notRecorded: sum.notRecorded + week.notRecorded,
      trash: sum.trash + week.trash,
      spam: sum.spam + week.spam,
    }),
    { received: 0, answered: 0, unanswered: 0, overdue: 0, notRecorded: 0, trash: 0, spam: 0 },
  );
  const won = funnel.byKind.reduce((sum, kind) => sum + kind.won, 0);
  return (
    <>
      <section className="owner-card report-section" aria-labelledby="report-glance">
        <h2 id="report-glance" className="report-section__title">
          At a glance
        </h2>
        <dl className="report-glance">
          <div>
            <dt>Median first answer</dt>
            <dd>{durationOf(overall.medianMs)}</dd>
          </div>
          <div>
            <dt>9 in 10 answered within</dt>
            <dd>{durationOf(overall.p90Ms)}</dd>
          </div>
          <div>
            <dt>Answered within target</dt>
            <dd>{percentOf(overall.shareWithinTarget)}</dd>
          </div>
          <div>
            <dt>Won or enrolled</dt>
            <dd>{won}</dd>
          </div>
        </dl>
        <p className="report-note">
          Times count business hours only (Lagos), from arrival to the first answer by e-mail, WhatsApp or call.
        </p>
      </section>

      <ReportSection id="report-kind" title="How fast, by kind">
        <ResponseTimeChart
          caption="First-response time by kind"
          groups={responseTimes.byKind.map((row) => ({ ...row, name: MESSAGE_KIND_LABELS[row.kind] }))}
        />
      </ReportSection>
      <ReportSection id="report-person" title="How fast, by person">
        <ResponseTimeChart caption="First-response time by person" groups={responseTimes.byPerson} />
      </ReportSection>
      <ReportSection id="report-channel" title="How fast, by channel">
        <ResponseTimeChart
          caption="First-response time by channel"
          groups={responseTimes.byChannel.map((row) => ({ ...row, name: CHANNEL_LABELS[row.channel] }))}
        />
        {responseTimes.byWeek.length > 1 ? (
          <ResponseTimeChart
            caption="First-response time by week"
            groups={responseTimes.byWeek.map((row) => ({ ...row, name: weekLabelOf(row.week) }))}
          />
        ) : null}
        <CsvLink report="response-times" answer={answer} label="response times" />
      </ReportSection>

      <ReportSection id="report-enquiries" title="What became of the enquiries">
        <BarChart
          series={[{ key: 'count', label: 'Enquiries', tone: 'primary' }]}
          rows={[
            { label: 'Answered', values: { count: totals.answered } },
            { label: `Unanswered (${totals.overdue} overdue)`, values: { count: totals.unanswered } },
            { label: 'No answer recorded', values: { count: totals.notRecorded } },
            { label: 'Trash', values: { count: totals.trash } },
            { label: 'Spam', values: { count: totals.spam } },
          ]}
          format={count}
          empty="No enquiries arrived in this week."
          table={
            <table className="report-table">
              <caption>Enquiries per week</caption>
              <thead>
                <tr>
                  <th scope="col">Week</th>
                  <th scope="col">Received</th>
                  <th scope="col">Answered</th>
                  <th scope="col">Unanswered</th>
                  <th scope="col">Trash</th>
                  <th scope="col">Spam</th>
                </tr>
              </thead>
              <tbody>
                {weeks.map((week) => (
                  <tr key={week.week}>
                    <th scope="row">{weekLabelOf(week.week)}</th>
                    <td>{week.received}</td>
                    <td>{week.answered}</td>
                    <td>
                      {week.unanswered} ({week.overdue} overdue)
                    </td>
                    <td>{week.trash}</td>
                    <td>{week.spam}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          }
        />
        <p className="report-note">
          {totals.received} received in all. No answer recorded: won, lost, enrolled or declined without a first answer
          in the app (older enquiries, or a decision taken without recording the answer).
        </p>
        <CsvLink report="enquiries" answer={answer} label="enquiries per week" />
      </ReportSection>

      <ReportSection id="report-funnel-kind" title="Won, by kind">
        <FunnelChart
          caption="New, contacted and won by kind"
          groups={funnel.byKind.map((row) => ({ ...row, name: MESSAGE_KIND_LABELS[row.kind] }))}
        />
      </ReportSection>
      <ReportSection id="report-funnel-source" title="Won, by source">
        <FunnelChart
          caption="New, contacted and won by source"
          groups={funnel.bySource.map((row) => ({ ...row, name: row.source }))}
        />
        <CsvLink report="funnel" answer={answer} label="the funnel" />
      </ReportSection>
    </>
  );
}

/** The reports page (issue 21 item 6): one week at a time, Monday to Sunday, with the weeks before a tap away. */
export function Reports() {
  const [range, setRange] = useState<{ from: string; to: string } | undefined>(undefined);
  const report = useReport(range);
  const answer = report.data;
  const move = (weeks: number) => answer && setRange(weekAround(answer.from, weeks));
  return (
    <div className="reports">
      <div className="owner-card report-week">
        <p className="report-week__range" aria-live="polite">
          {answer ? (
            <>
              Week of <strong>{rangeLabelOf(answer.from, answer.to)}</strong>
              {answer.scope === 'own' ? ': your own figures (answered by you, assigned to you)' : ''}
            </>
          ) : (
            'Loading the report…'
          )}
        </p>
        <div className="report-week__moves">
          <button type="button" className="btn btn--secondary" disabled={!answer} onClick={() => move(-1)}>
            Previous week
          </button>
          <button
            type="button"
            className="btn btn--secondary"
            disabled={!answer || answer.to >= lagosToday()}
            onClick={() => move(1)}
          >
            Next week
          </button>
        </div>
      </div>
      {report.isError ? (
        <p role="alert" className="owner-card">
          The report could not be loaded. Please check your connection and try again.
        </p>
      ) : null}
      {answer ? <ReportBody answer={answer} /> : null}
    </div>
  );
}
