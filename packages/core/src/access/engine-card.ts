import { FEATURE_FLAGS, INGEST_API_CREATOR } from '../constants.ts';
import type { SearchEngine } from '../domain/engine.ts';
import { MESSAGES } from '../rules/messages.ts';
import { canDownloadEngineFile, canReadAccountEngines } from './account-access.ts';
import { canWriteEngine } from './engine-writes.ts';
import type { FeatureGrant } from './features.ts';
import { isFeatureOn } from './features.ts';
import type { Viewer } from './viewer.ts';

/** The parts of an engine its card's permissions read. */
export type CardEngine = Pick<SearchEngine, 'accountId' | 'searchEngineType' | 'createdBy'>;

export const ENGINE_BUTTONS = ['preview', 'install', 'analytics', 'status'] as const;
export type EngineButton = (typeof ENGINE_BUTTONS)[number];

export const ENGINE_MENU_ITEMS = ['edit', 'alerts', 'download', 'delete'] as const;
export type EngineMenuItem = (typeof ENGINE_MENU_ITEMS)[number];

const BUTTON_FLAGS = {
  preview: FEATURE_FLAGS.ENGINE_PREVIEW,
  install: FEATURE_FLAGS.ENGINE_INSTALL,
  analytics: FEATURE_FLAGS.ENGINE_ANALYTICS,
  status: FEATURE_FLAGS.ENGINE_STATUS,
} as const satisfies Record<EngineButton, string>;

/**
 * The card's buttons in display order, each behind its feature; Status is for keyword engines only.
 * A viewer with no role on the engine's account gets none: the API would refuse every one of them.
 */
export function engineCardButtons(
  viewer: Viewer,
  features: readonly FeatureGrant[],
  engine: CardEngine,
): EngineButton[] {
  if (!canReadAccountEngines(viewer, engine.accountId)) return [];
  return ENGINE_BUTTONS.filter(
    (button) =>
      (button !== 'status' || engine.searchEngineType === 'kw') &&
      isFeatureOn(features, BUTTON_FLAGS[button], viewer),
  );
}

/**
 * The card's menu items in display order: Edit and Delete behind their features, Download File for
 * parametric engines and owners, admins or super admins (no feature gates it). Nothing for a viewer
 * with no role on the engine's account. Alerts (Siteseer's, not the spec's) is for keyword engines
 * and whoever may edit the engine (`canWriteEngine` 'edit', as the Alerts screen lets them save):
 * the screen is where its alerts are set, so it is offered to those who can set them.
 */
export function engineMenuItems(
  viewer: Viewer,
  features: readonly FeatureGrant[],
  engine: CardEngine,
): EngineMenuItem[] {
  if (!canReadAccountEngines(viewer, engine.accountId)) return [];
  const shown: Record<EngineMenuItem, boolean> = {
    edit: isFeatureOn(features, FEATURE_FLAGS.ENGINE_EDIT, viewer),
    alerts: engine.searchEngineType === 'kw' && canWriteEngine(viewer, features, engine, 'edit'),
    download: canDownloadEngineFile(viewer, engine),
    delete: isFeatureOn(features, FEATURE_FLAGS.ENGINE_DELETE, viewer),
  };
  return ENGINE_MENU_ITEMS.filter((item) => shown[item]);
}

/** Whether the engine was made through the data-source (ingest) API. */
export function isIngestApiEngine(engine: Pick<SearchEngine, 'createdBy'>): boolean {
  return engine.createdBy === INGEST_API_CREATOR;
}

/**
 * Why a menu choice is refused, or undefined when it may go ahead: Edit and Download File on a
 * parametric engine made by the ingest API are refused (shown, then refused with the spec's
 * message). The message names parametric engines only, so keyword engines are never refused here.
 */
export function engineActionRefusal(
  engine: Pick<SearchEngine, 'searchEngineType' | 'createdBy'>,
  action: EngineMenuItem,
): string | undefined {
  const refused =
    (action === 'edit' || action === 'download') &&
    engine.searchEngineType === 'pm' &&
    isIngestApiEngine(engine);
  return refused ? MESSAGES.apiEngineActionUnsupported : undefined;
}
