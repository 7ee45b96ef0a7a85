import { describe, expect, it } from 'vitest';
import { detailText } from './audit-detail';
import { enquiryFieldsText, mailStatusText } from './person-data-text';

describe('detailText', () => {
  it('shows every key and every stored key among the values by its label, never the raw key', () => {
    const text = detailText({
      kind: 'request_quote',
      count: 2,
      filters: { folder: 'inbox', status: 'new', kind: 'web_dev' },
    });
    expect(text).toBe('Kind: Request Quote · Count: 2 · Filters (Folder: Inbox, Status: New, Kind: Web Development)');
    expect(text).not.toMatch(/request_quote|web_dev|folder:|status:/);
  });

  it('reads API names as words and labels a kind used as a key', () => {
    expect(detailText({ expectedRecords: 3, retention_days: 30 })).toBe('Expected records: 3 · Retention days: 30');
    expect(detailText({ minutes: { web_dev: 60, contact: 120 } })).toBe('Minutes (Web Development: 60, Contact: 120)');
  });

  it('shows a role change by the roles’ labels, yes or no for a switch, and leaves other texts alone', () => {
    expect(detailText({ from: 'staff', to: 'owner' })).toBe('From: Staff · To: Owner');
    expect(detailText({ from: false, to: true })).toBe('From: no · To: yes');
    expect(detailText({ slugFrom: 'contact', day: '2026-11-27' })).toBe('Slug from: contact · Day: 2026-11-27');
  });

  it('leaves out the hashes an erasure keeps for a restore', () => {
    const detail = { records: 2, restoreKey: { email: 'a'.repeat(64), phone: null } };
    expect(detailText(detail)).toBe('Records: 2');
  });
});

describe('enquiryFieldsText', () => {
  it('names a found enquiry’s fields by its kind’s labels, in the kind’s order', () => {
    expect(
      enquiryFieldsText('web_dev', {
        surname: 'Obi',
        firstname: 'Ada',
        email: 'ada@example.ng',
        trainingType: 'Online',
      }),
    ).toBe('First name: Ada · Surname: Obi · E-mail: ada@example.ng · Training type: Online');
  });

  it('lists a quote’s services as words and keeps a field its kind no longer lists', () => {
    expect(enquiryFieldsText('request_quote', { services: ['Logo', 'Website'], oldField: 'x' })).toBe(
      'Services: Logo, Website · Old field: x',
    );
  });
});

describe('mailStatusText', () => {
  it('says what became of a mail in words', () => {
    expect(mailStatusText('sent')).toBe('Sent');
    expect(mailStatusText('pending')).toBe('Waiting to be sent');
  });
});
