export * from './accounts.js';
export * from './auth.js';
export * from './events.js';
export * from './outbox.js';
export * from './taxes.js';
export * from './images.js';
export * from './tickets.js';
export * from './capacity.js';
