export * from './system';
export * from './auth';
export * from './accounts';
export * from './audit';
export * from './landing';
export * from './courses';
export * from './codes';
export * from './site';
