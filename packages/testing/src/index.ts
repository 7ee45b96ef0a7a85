export { findFreePort } from './free-port';
export { extractLinks, startSmtpSink, tokenFromMail, type SinkMail, type SmtpSink } from './smtp-sink';
export {
  createFreshDatabase,
  testDatabaseKind,
  type DatabaseKind,
  type FreshDatabase,
  type FreshDatabaseOptions,
} from './test-database';
