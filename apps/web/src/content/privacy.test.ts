import { MESSAGE_KINDS, RETENTION_DAYS, storedFieldsOf } from '@agency/shared';
import { describe, expect, it } from 'vitest';
import { BRAND } from './brand';
import { PRIVACY } from './privacy';

describe('the privacy notice', () => {
  it('covers each of the four public forms once', () => {
    expect(PRIVACY.forms.map((form) => form.kind).sort()).toEqual([...MESSAGE_KINDS].sort());
  });

  it.each(PRIVACY.forms)('names every field the $name stores, and no other', (form) => {
    const stored = storedFieldsOf(form.kind).map((entry) => entry.field);
    expect(Object.keys(form.fields).sort()).toEqual(stored.sort());
  });

  it('states the retention periods of the purge, each as a maximum', () => {
    const periods = PRIVACY.howLong.map((row) => row.period);
    expect(periods[0]).toContain(`${RETENTION_DAYS.ENQUIRIES} days`);
    expect(periods[1]).toContain(`${RETENTION_DAYS.TRASH_AND_SPAM} days`);
    expect(periods[2]).toContain(`${RETENTION_DAYS.SENT_MAIL} days`);
    expect(PRIVACY.summary.join(' ')).toContain(`${RETENTION_DAYS.ENQUIRIES} days`);
  });

  it('says when erased details leave the backups, and that bringing back a copy erases them again', () => {
    expect(PRIVACY.backups).toMatch(/within five weeks/);
    expect(PRIVACY.backups).toMatch(/bring back a copy, we erase you again/);
  });

  it('tells a person to write to the business address and when the answer comes, under the 2023 Act', () => {
    expect(PRIVACY.summary.join(' ')).toContain(BRAND.emails.business);
    expect(PRIVACY.howToAsk.after).toMatch(/within 30 days/);
    expect(PRIVACY.rightsIntro).toMatch(/Nigeria Data Protection Act 2023/);
  });
});
