import type { ReactNode } from 'react';

/** One bar of each row: its name in the legend and the row's text, and its colour class. */
export interface BarSeries {
  key: string;
  label: string;
  tone: 'primary' | 'secondary' | 'tertiary';
}

export interface BarRow {
  label: string;
  values: Readonly<Record<string, number | null>>;
}

interface BarChartProps {
  series: readonly BarSeries[];
  rows: readonly BarRow[];
  /** How a value reads (`42 min`, `12`). */
  format: (value: number | null) => string;
  /** The figures as a table, for screen readers and whoever wants the numbers: folded under the chart. */
  table: ReactNode;
  /** Said instead of the chart when no row has a value. */
  empty: string;
}

const BAR_HEIGHT = 10;
const BAR_GAP = 4;

/**
 * A horizontal bar chart a person reads at a glance: each row's label, its bars (plain SVG rectangles sized in per
 * cent of the row, so the chart narrows with a phone without distorting anything) and its values as text. The
 * rectangles are decoration for the eye (aria-hidden): the row's text says the same, and the table under it says all.
 */
export function BarChart({ series, rows, format, table, empty }: BarChartProps) {
  const largest = Math.max(0, ...rows.flatMap((row) => series.map((each) => row.values[each.key] ?? 0)));
  const height = series.length * (BAR_HEIGHT + BAR_GAP) - BAR_GAP;
  return (
    <div className="bar-chart">
      {largest === 0 ? (
        <p className="bar-chart__empty">{empty}</p>
      ) : (
        <>
          {series.length > 1 ? (
            <ul className="bar-chart__legend" aria-hidden="true">
              {series.map((each) => (
                <li key={each.key}>
                  <svg width="12" height="12" focusable="false">
                    <rect width="12" height="12" rx="2" className={`bar-chart__bar--${each.tone}`} />
                  </svg>
                  {each.label}
                </li>
              ))}
            </ul>
          ) : null}
          <ul className="bar-chart__rows">
            {rows.map((row) => (
              <li key={row.label} className="bar-chart__row">
                <span className="bar-chart__label">{row.label}</span>
                <svg className="bar-chart__bars" width="100%" height={height} aria-hidden="true" focusable="false">
                  {series.map((each, index) => {
                    const value = row.values[each.key] ?? 0;
                    return (
                      <rect
                        key={each.key}
                        x="0"
                        y={index * (BAR_HEIGHT + BAR_GAP)}
                        height={BAR_HEIGHT}
                        width={`${((value / largest) * 100).toFixed(2)}%`}
                        rx="2"
                        className={`bar-chart__bar--${each.tone}`}
                      />
                    );
                  })}
                </svg>
                <span className="bar-chart__values">
                  {series.map((each) => (
                    <span key={each.key}>
                      {series.length > 1 ? `${each.label} ` : ''}
                      <strong>{format(row.values[each.key] ?? null)}</strong>
                    </span>
                  ))}
                </span>
              </li>
            ))}
          </ul>
        </>
      )}
      <details className="bar-chart__table">
        <summary>The figures as a table</summary>
        {table}
      </details>
    </div>
  );
}
