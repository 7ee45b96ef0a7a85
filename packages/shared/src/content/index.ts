export * from './schemas';
export * from './api';
