export { maildirFiles, startDovecot, type DovecotOptions, type DovecotServer } from './dovecot';
export { findFreePort } from './free-port';
export { csvRecordsOf, parseStrictCsv, rowsByHeader } from './strict-csv';
export { extractLinks, startSmtpSink, tokenFromMail, type SinkMail, type SmtpSink } from './smtp-sink';
export {
  createFreshDatabase,
  testDatabaseKind,
  type DatabaseKind,
  type FreshDatabase,
  type FreshDatabaseOptions,
} from './test-database';
export * from './seeded-random';
