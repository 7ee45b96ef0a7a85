import { BRAND_COLOURS, BRAND_NAME, DIGEST_COPY, escapeHtml } from '@agency/shared';
import type { OutgoingMail } from '../../lib/mailer';
import { layoutHtml, signature } from '../../lib/mail-templates';

/** One enquiry as a digest lists it: reference, person, kind, a word on its time, and its address in the dashboard. */
export interface DigestLine {
  reference: string;
  name: string;
  kindLabel: string;
  /** "due 10:30", "waiting since Thu 26 Nov 14:05"; empty when the section says it all. */
  note: string;
  link: string;
}

export interface DigestSection {
  title: string;
  lines: DigestLine[];
  /** Enquiries of the section beyond those listed (the inbox has them all). */
  more: number;
}

/** The owners' figures of the days since the previous digest, as words and numbers ready to print. */
export interface DigestFigures {
  /** "Yesterday, Thursday 26 November" or "Friday 20 November to Sunday 22 November". */
  period: string;
  lines: string[];
}

export interface DigestContent {
  /** "Friday 27 November 2026" */
  dayLabel: string;
  sections: DigestSection[];
  figures?: DigestFigures;
  /** Where the person turns the digest off, and finds the whole inbox. */
  dashboardLink: string;
}

const lineText = ({ reference, name, kindLabel, note, link }: DigestLine) =>
  `- ${[reference, name, kindLabel, note].filter(Boolean).join(' · ')}\n  ${link}`;

function lineHtml({ reference, name, kindLabel, note, link }: DigestLine): string {
  const rest = [name, kindLabel, note].filter(Boolean).map(escapeHtml).join(' · ');
  return `<li style="margin:0 0 8px"><a href="${escapeHtml(link)}" style="color:${BRAND_COLOURS.brand};font-weight:600">${escapeHtml(reference)}</a> · ${rest}</li>`;
}

const moreText = (more: number) => (more > 0 ? `\n- and ${more} more in the inbox` : '');
const heading = (text: string) => `<h2 style="font-size:17px;margin:24px 0 8px">${escapeHtml(text)}</h2>`;

/** How many enquiries the digest lists, for the subject line. */
export function listedCountOf(content: Pick<DigestContent, 'sections'>): number {
  return content.sections.reduce((sum, section) => sum + section.lines.length + section.more, 0);
}

/**
 * The morning digest (issue 21 item 4): each section a heading and one short line per enquiry with its link; owners'
 * figures after them. Nothing here is a customer's message beyond their name, so the mail can go to any staff inbox.
 */
export function digestMail(to: string, content: DigestContent): OutgoingMail {
  const count = listedCountOf(content);
  const subject =
    count > 0
      ? `${BRAND_NAME} digest, ${content.dayLabel}: ${count} enquir${count === 1 ? 'y' : 'ies'} waiting`
      : `${BRAND_NAME} digest, ${content.dayLabel}: the figures`;
  const intro = `Good morning. This is what waits for you on ${content.dayLabel}.`;
  const footer = `${DIGEST_COPY.HEADING}: turn it off (or on) in the staff dashboard, ${content.dashboardLink}`;

  const textSections = content.sections.map(
    (section) =>
      `${section.title} (${section.lines.length + section.more})\n${section.lines.map(lineText).join('\n')}${moreText(section.more)}`,
  );
  const textFigures = content.figures
    ? [`Figures: ${content.figures.period}\n${content.figures.lines.map((line) => `- ${line}`).join('\n')}`]
    : [];
  const text = `${intro}\n\n${[...textSections, ...textFigures].join('\n\n')}\n\n${footer}${signature()}`;

  const htmlSections = content.sections
    .map(
      (section) =>
        heading(`${section.title} (${section.lines.length + section.more})`) +
        `<ul style="margin:0 0 8px;padding-left:20px">${section.lines.map(lineHtml).join('')}${
          section.more > 0 ? `<li>and ${section.more} more in the inbox</li>` : ''
        }</ul>`,
    )
    .join('');
  const htmlFigures = content.figures
    ? heading(`Figures: ${content.figures.period}`) +
      `<ul style="margin:0 0 8px;padding-left:20px">${content.figures.lines.map((line) => `<li>${escapeHtml(line)}</li>`).join('')}</ul>`
    : '';
  const html = layoutHtml(
    `${BRAND_NAME} digest, ${content.dayLabel}`,
    [intro],
    { label: 'Open the inbox', href: content.dashboardLink },
    `${htmlSections}${htmlFigures}<p style="margin:24px 0 0;font-size:13px;color:#444">${escapeHtml(footer)}</p>`,
  );
  return { to, subject, text, html };
}
