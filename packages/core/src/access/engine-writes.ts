import type { ProductCode } from '../constants.ts';
import { FEATURE_FLAGS } from '../constants.ts';
import type { SearchEngine } from '../domain/engine.ts';
import { canWriteAccountEngines } from './account-access.ts';
import { ADD_ENGINE_FLAGS } from './dashboard.ts';
import type { FeatureGrant } from './features.ts';
import { isFeatureOn } from './features.ts';
import type { Viewer } from './viewer.ts';

/**
 * The writes to an engine that features gate: creating it (the wizard's create mode, up to its first
 * publish), editing it (the wizard's edit mode: a new file, configuration, publish, client settings)
 * and deleting it.
 */
export const ENGINE_WRITES = ['create', 'edit', 'delete'] as const;
export type EngineWrite = (typeof ENGINE_WRITES)[number];

/** The feature each write needs, as the dashboard card and the engine card's menu gate it. */
export function engineWriteFlag(write: EngineWrite, productType: ProductCode): string {
  if (write === 'create') return ADD_ENGINE_FLAGS[productType];
  return write === 'edit' ? FEATURE_FLAGS.ENGINE_EDIT : FEATURE_FLAGS.ENGINE_DELETE;
}

/**
 * Whether the viewer may make a write to an engine of an account: a role on the account (or super
 * admin) and the write's feature on for them. The portal offers the write on the same answer, so
 * the API refuses exactly what the screens do not offer.
 */
export function canWriteEngine(
  viewer: Viewer,
  features: readonly FeatureGrant[],
  engine: Pick<SearchEngine, 'accountId' | 'searchEngineType'>,
  write: EngineWrite,
): boolean {
  return (
    canWriteAccountEngines(viewer, engine.accountId) &&
    isFeatureOn(features, engineWriteFlag(write, engine.searchEngineType), viewer)
  );
}
