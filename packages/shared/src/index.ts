export * from './limits.js';
export * from './enums.js';
export * from './errors.js';
export * from './validation.js';
export * from './contracts/common.js';
export * from './contracts/auth.js';
export * from './contracts/organizers.js';
export * from './contracts/events.js';
