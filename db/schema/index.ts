export * from './users.ts';
export * from './auth.ts';
export * from './outbox.ts';
