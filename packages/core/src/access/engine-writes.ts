import type { ProductCode } from '../constants.ts';
import { FEATURE_FLAGS, PRODUCT_LABELS } from '../constants.ts';
import type { SearchEngine } from '../domain/engine.ts';
import { canWriteAccountEngines } from './account-access.ts';
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

/** The dashboard add feature of each product type. */
export const ADD_ENGINE_FLAGS = {
  pm: FEATURE_FLAGS.DASHBOARD_ADD_PARAMETRIC,
  kw: FEATURE_FLAGS.DASHBOARD_ADD_KEYWORD,
} as const satisfies Record<ProductCode, string>;

/**
 * The writes that complete a create, so creating needs their features too. A keyword engine is
 * completed by its client's settings and its crawler (`POST datasource/crawler`), which the wizard
 * and `siteseer engines create keyword` send right after the create and the API checks as edits of
 * the engine made: without ENGINE_EDIT a role could create an engine that never got a crawler. A
 * parametric engine's upload, configuration and first publish count as its create (the API's
 * `parametricWrite`), so it needs nothing more.
 */
const CREATE_COMPLETED_BY: Readonly<Record<ProductCode, readonly EngineWrite[]>> = {
  pm: [],
  kw: ['edit'],
};

/** The features a write needs, as the dashboard add card and the engine card's menu gate it. */
export function engineWriteFlags(write: EngineWrite, productType: ProductCode): string[] {
  if (write === 'edit') return [FEATURE_FLAGS.ENGINE_EDIT];
  if (write === 'delete') return [FEATURE_FLAGS.ENGINE_DELETE];
  const completion = CREATE_COMPLETED_BY[productType].flatMap((w) => engineWriteFlags(w, productType));
  return [ADD_ENGINE_FLAGS[productType], ...completion];
}

function writtenThings(write: EngineWrite, productType: ProductCode): string {
  return write === 'create' ? `${PRODUCT_LABELS[productType]} search engines` : 'search engines';
}

/**
 * Why the viewer's features refuse a write to engines of a type, in the words the API answers 403
 * with; undefined when every feature the write needs is on for them.
 */
export function engineWriteFeatureRefusal(
  viewer: Viewer,
  features: readonly FeatureGrant[],
  productType: ProductCode,
  write: EngineWrite,
): string | undefined {
  const missing = engineWriteFlags(write, productType).filter((flag) => !isFeatureOn(features, flag, viewer));
  if (missing.length === 0) return undefined;
  const [first, ...more] = missing;
  const completion = write === 'create' && first !== ADD_ENGINE_FLAGS[productType];
  const named =
    more.length > 0
      ? `features ${missing.join(', ')}`
      : `feature ${first}${completion ? `, needed to save a new engine's search settings and crawler` : ''}`;
  return `Your role cannot ${write} ${writtenThings(write, productType)} (${named}).`;
}

/**
 * Why the viewer may not make a write to an engine of an account, in the API's words; undefined
 * when they may: a role on the account (or super admin) and the write's features on for them. The
 * portal offers a write on the same answer, so the API refuses exactly what the screens do not offer.
 */
export function engineWriteRefusal(
  viewer: Viewer,
  features: readonly FeatureGrant[],
  engine: Pick<SearchEngine, 'accountId' | 'searchEngineType'>,
  write: EngineWrite,
): string | undefined {
  const type = engine.searchEngineType;
  if (!canWriteAccountEngines(viewer, engine.accountId))
    return `Your role cannot ${write} ${writtenThings(write, type)} in this account.`;
  return engineWriteFeatureRefusal(viewer, features, type, write);
}

/** Whether the viewer may make a write to an engine of an account (`engineWriteRefusal` has none). */
export function canWriteEngine(
  viewer: Viewer,
  features: readonly FeatureGrant[],
  engine: Pick<SearchEngine, 'accountId' | 'searchEngineType'>,
  write: EngineWrite,
): boolean {
  return engineWriteRefusal(viewer, features, engine, write) === undefined;
}
