export * from './schemas';
export * from './api';
export * from './images';
export * from './published';
export * from './seed';
export * from './markdown';
