import { BLANK_PATTERN, type TimelineItem } from '@agency/shared';

/**
 * Where a received mail's own words end: the first line of a quote (`> `, "On ... wrote:", Outlook's "-----Original
 * Message-----" or its "From:" block), a signature (`-- `) or a phone's "Sent from my ...". What follows is folded
 * in the view behind "Show quoted text", never removed.
 */
const FOLD_STARTS = [
  /^>/,
  /^On .{4,200}wrote:\s*$/i,
  /^-{2,}\s*Original Message\s*-{2,}/i,
  /^_{10,}\s*$/,
  /^From:\s.+/,
  /^-- ?$/,
  /^Sent from my /i,
];

export function splitQuoted(text: string): { own: string; folded: string } {
  const lines = text.replace(/\r\n/g, '\n').split('\n');
  const at = lines.findIndex((line, index) => index > 0 && FOLD_STARTS.some((start) => start.test(line.trimEnd())));
  if (at < 0) return { own: text.trim(), folded: '' };
  return { own: lines.slice(0, at).join('\n').trim(), folded: lines.slice(at).join('\n').trim() };
}

/** A text cut into plain runs and `[[blanks]]`, so the blanks can be highlighted. */
export function blankRuns(text: string): Array<{ text: string; blank: boolean }> {
  const runs: Array<{ text: string; blank: boolean }> = [];
  let last = 0;
  for (const match of text.matchAll(BLANK_PATTERN)) {
    const start = match.index;
    if (start > last) runs.push({ text: text.slice(last, start), blank: false });
    runs.push({ text: match[0], blank: true });
    last = start + match[0].length;
  }
  if (last < text.length) runs.push({ text: text.slice(last), blank: false });
  return runs;
}

export const DELIVERY_WORDS = { pending: 'Sending…', sent: 'Delivered to the mail server', failed: 'Not delivered' };

/** The heading of a timeline entry other than an event (events use historyText). */
export function timelineTitle(item: TimelineItem): string {
  switch (item.type) {
    case 'enquiry':
      return 'Enquiry received';
    case 'auto-reply':
      return 'Automatic receipt sent to the visitor';
    case 'sent':
      return `Reply sent by ${item.authorName}`;
    case 'received':
      return item.automated === 'bounce'
        ? 'Delivery failure (bounce)'
        : item.automated === 'auto-reply'
          ? `Automatic answer from ${item.fromName ?? item.fromAddress}`
          : `Reply from ${item.fromName ?? item.fromAddress}`;
    case 'note':
      return `Note by ${item.authorName}`;
    case 'event':
      return '';
  }
}
