import { describe, expect, it } from 'vitest';
import { MAIL_STATUS_LABELS, valueLabelOf, withKindLabel } from './value-labels';

describe('valueLabelOf', () => {
  it('names a kind, folder, status or role by its label', () => {
    expect(valueLabelOf('request_quote')).toBe('Request Quote');
    expect(valueLabelOf('web_dev')).toBe('Web Development');
    expect(valueLabelOf('inbox')).toBe('Inbox');
    expect(valueLabelOf('new')).toBe('New');
    expect(valueLabelOf('owner')).toBe('Owner');
    expect(valueLabelOf('all')).toBe('All');
  });

  it('leaves any other text as it is, including names an object inherits', () => {
    expect(valueLabelOf('2026-11-27')).toBe('2026-11-27');
    expect(valueLabelOf('toString')).toBe('toString');
  });
});

describe('withKindLabel', () => {
  it('names the kind an older audit target begins with, after a count or not', () => {
    expect(withKindLabel('2 web_dev enquiries')).toBe('2 Web Development enquiries');
    expect(withKindLabel('contact RC-26-00012')).toBe('Contact RC-26-00012');
    expect(withKindLabel('request_quote enquiries')).toBe('Request Quote enquiries');
  });

  it('leaves a target that does not begin with a kind, or already uses its label, as it is', () => {
    expect(withKindLabel('account bola@example.ng')).toBe('account bola@example.ng');
    expect(withKindLabel('saved reply "contact details"')).toBe('saved reply "contact details"');
    expect(withKindLabel('2 Web Development enquiries')).toBe('2 Web Development enquiries');
  });
});

describe('MAIL_STATUS_LABELS', () => {
  it('has words for each status the outbox gives a mail', () => {
    expect(Object.keys(MAIL_STATUS_LABELS).sort()).toEqual(['failed', 'pending', 'sent']);
  });
});
