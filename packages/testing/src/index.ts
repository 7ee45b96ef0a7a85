export { extractLinks, startSmtpSink, tokenFromMail, type SinkMail, type SmtpSink } from './smtp-sink';
export {
  createFreshDatabase,
  RUN_ON_MYSQL,
  testDatabaseKind,
  type DatabaseKind,
  type FreshDatabase,
  type FreshDatabaseOptions,
} from './test-database';
