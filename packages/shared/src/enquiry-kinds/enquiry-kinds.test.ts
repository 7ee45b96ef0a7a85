import { describe, expect, it } from 'vitest';
import {
  ENQUIRY_KINDS,
  listedFieldsOf,
  listedRowOf,
  MESSAGE_KIND_LABELS,
  MESSAGE_KIND_PATHS,
  MESSAGE_KINDS,
  storedColumnsOf,
  storedFieldsOf,
  type MessageKind,
  type SubmissionByKind,
} from '../index';

const SUBMISSIONS: { [K in MessageKind]: SubmissionByKind[K] } = {
  web_dev: ENQUIRY_KINDS.web_dev.schema.parse({
    surname: 'Adeyemi',
    firstname: 'Tolu',
    email: 'tolu@example.com',
    phone: '08012345678',
    trainingType: 'Web Design',
    occupation: 'Student',
    state: 'Lagos',
    referral: 'Google Search',
  }),
  creative_design: ENQUIRY_KINDS.creative_design.schema.parse({
    surname: 'Okafor',
    firstname: 'Ada',
    email: 'ada@example.ng',
    phone: '08123456789',
    schedule: 'Weekday',
    occupation: 'Freelance',
    state: 'Enugu',
    referral: 'Social Media',
  }),
  contact: ENQUIRY_KINDS.contact.schema.parse({
    name: 'Chioma Okafor',
    email: 'chioma@example.com',
    phone: '+234 801 234 5678',
    message: 'We need a new website.',
  }),
  request_quote: ENQUIRY_KINDS.request_quote.schema.parse({
    name: 'Bayo Ventures',
    email: 'hello@bayo.ng',
    phone: '08098765432',
    location: 'Ogun',
    projectDescription: 'An online shop for our fabrics.',
    services: ['Web development', 'SEO'],
  }),
};

describe('the enquiry kinds', () => {
  it('are the four of spec 3, each with its own paths and tab', () => {
    expect(Object.keys(ENQUIRY_KINDS)).toEqual([...MESSAGE_KINDS]);
    const paths = MESSAGE_KINDS.flatMap((kind) => Object.values(MESSAGE_KIND_PATHS[kind]));
    expect(new Set(paths).size).toBe(12);
    expect(new Set(Object.values(MESSAGE_KIND_LABELS)).size).toBe(4);
  });
});

describe.each(MESSAGE_KINDS)('the %s definition', (kind) => {
  const definition = ENQUIRY_KINDS[kind];
  const stored = storedFieldsOf(kind);

  it('says for every field of its schema, and only for those, where it is stored', () => {
    expect(Object.keys(definition.fields).sort()).toEqual(Object.keys(definition.schema.shape).sort());
  });

  it('gives every stored field its own column, listed name and dashboard label', () => {
    for (const name of ['column', 'listedAs', 'label'] as const) {
      const values = stored.map((field) => field[name]);
      expect(values.every((value) => value.trim() !== '')).toBe(true);
      expect(new Set(values).size).toBe(values.length);
    }
    const reserved = ['id', 'created_at'];
    expect(stored.filter((field) => reserved.includes(field.column) || reserved.includes(field.listedAs))).toEqual([]);
  });

  it('searches at least one field', () => {
    expect(stored.some((field) => field.searched)).toBe(true);
  });

  it('stores a submission in its columns and lists it back as id, the stored fields and created_at', () => {
    const submission: Readonly<Record<string, unknown>> = SUBMISSIONS[kind];
    const columns: Readonly<Record<string, unknown>> = storedColumnsOf(kind, SUBMISSIONS[kind]);
    expect(Object.keys(columns)).toEqual(stored.map((field) => field.column));

    const row: Readonly<Record<string, unknown>> = listedRowOf(kind, {
      ...storedColumnsOf(kind, SUBMISSIONS[kind]),
      id: 7,
      created_at: Date.UTC(2026, 10, 22, 9),
    });
    expect(Object.keys(row)).toEqual(['id', ...listedFieldsOf(kind).map((field) => field.name)]);
    expect(row.created_at).toBe('2026-11-22T09:00:00.000Z');
    for (const field of stored) expect(row[field.listedAs]).toEqual(submission[field.field]);
  });
});

describe('stored values', () => {
  it('keeps the quote services as JSON text', () => {
    expect(storedColumnsOf('request_quote', SUBMISSIONS.request_quote).services).toBe('["Web development","SEO"]');
  });

  it('keeps a training choice left out as null', () => {
    expect(storedColumnsOf('web_dev', SUBMISSIONS.web_dev).schedule).toBeNull();
  });
});
