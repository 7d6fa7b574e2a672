export * from './customers.ts';
export * from './kams.ts';
export * from './notices.ts';
export * from './one-time-codes.ts';
export * from './outbox.ts';
export * from './portal.ts';
export * from './sessions.ts';
export * from './stones.ts';
