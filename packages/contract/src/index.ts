export * from './accounts.js';
export * from './digits.js';
export * from './limits.js';
export * from './entitlement.js';
export * from './age.js';
export * from './judges.js';
export * from './filler.js';
export * from './dates.js';
