import {
  canWriteEngine,
  engineCardButtons,
  FEATURE_FLAGS,
  type Feature,
  type KeywordWizardSections,
  keywordWizardSections,
  type Viewer,
} from '@siteseer/core';
import { readableAccountIds } from '../access/engine-access.ts';
import type { Principal } from '../auth/authenticate.ts';
import { NotAllowedError, NotFoundError } from '../errors.ts';
import { type AnalyticsTarget, findAnalyticsTarget } from '../repositories/analytics-targets.ts';
import { listFeatures } from '../repositories/features.ts';
import type { Queryable } from '../store/types.ts';

/** What the viewer of a frame may do from it: fix links to the keyword wizard's steps. */
export interface FrameAbilities {
  editKeyword: Pick<KeywordWizardSections, 'resultRanking' | 'synonyms'> | null;
}

/** Refuses (403) a viewer whose role does not get the Analytics button (feature ENGINE_ANALYTICS). */
function requireAnalyticsFeature(
  viewer: Viewer,
  features: readonly Feature[],
  target: AnalyticsTarget,
): void {
  const card = { accountId: target.accountId, searchEngineType: target.engineType, createdBy: '' };
  if (!engineCardButtons(viewer, features, card).includes('analytics')) {
    throw new NotAllowedError(`Your role cannot see analytics (feature ${FEATURE_FLAGS.ENGINE_ANALYTICS}).`);
  }
}

/**
 * The engine of an analytics call, for a caller who may read its account: a member or super admin
 * whose role has analytics, or the account's API key. Anyone else gets a 404, as for a missing
 * engine: another tenant's ids reveal nothing.
 */
export async function analyticsTargetOfEngine(
  db: Queryable,
  principal: Principal,
  engineId: string,
): Promise<AnalyticsTarget> {
  const target = await findAnalyticsTarget(db, 'engine', engineId, readableAccountIds(principal));
  if (!target) throw new NotFoundError('Search engine');
  if (principal.kind === 'user') requireAnalyticsFeature(principal.viewer, await listFeatures(db), target);
  return target;
}

/**
 * The client of a frame, for a viewer who may read its account (the same rules as above; frames
 * are for signed-in people only), with what the viewer may do from the frame.
 */
export async function analyticsTargetOfClient(
  db: Queryable,
  viewer: Viewer,
  clientId: string,
): Promise<{ target: AnalyticsTarget & { clientId: string }; abilities: FrameAbilities }> {
  const accounts = viewer.isSuperAdmin ? null : viewer.accounts.map((a) => a.id);
  const target = await findAnalyticsTarget(db, 'client', clientId, accounts);
  if (!target?.clientId) throw new NotFoundError('Client');
  const features = await listFeatures(db);
  requireAnalyticsFeature(viewer, features, target);
  const engine = { accountId: target.accountId, searchEngineType: target.engineType };
  const sections = keywordWizardSections(viewer, features, 'edit');
  return {
    target: { ...target, clientId: target.clientId },
    abilities: {
      editKeyword:
        target.engineType === 'kw' && canWriteEngine(viewer, features, engine, 'edit')
          ? { resultRanking: sections.resultRanking, synonyms: sections.synonyms }
          : null,
    },
  };
}
