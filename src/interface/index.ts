export * from './auth';
export * from './config';
export * from './envelope';
export * from './futures';
export * from './issues';
export * from './orders';
export * from './journal';
export * from './health';
