export type { Config } from '@siteseer/api/config';
export * from './actors.ts';
export * from './browser.ts';
export * from './chromium.ts';
export * from './harness.ts';
export * from './parametric-fixture.ts';
export * from './portal-sign-in.ts';
