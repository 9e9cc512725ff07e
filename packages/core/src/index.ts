export * from './constants.ts';
export * from './domain/index.ts';
export * from './rules/messages.ts';
