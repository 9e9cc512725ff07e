import {
  canWriteEngine,
  engineCardButtons,
  FEATURE_FLAGS,
  type Feature,
  type KeywordWizardSections,
  keywordWizardSections,
  type ProductCode,
  type Viewer,
} from '@siteseer/core';
import { readableAccountIds } from '../access/engine-access.ts';
import type { Principal } from '../auth/authenticate.ts';
import { NotAllowedError, NotFoundError } from '../errors.ts';
import { listFeatures } from '../repositories/features.ts';
import { isUuid } from '../repositories/ids.ts';
import type { Queryable } from '../store/types.ts';

/** An engine and its client, as analytics read them. */
export interface AnalyticsTarget {
  accountId: string;
  engineId: string;
  engineName: string;
  engineType: ProductCode;
  /** null for an engine without a client yet (nothing to report on). */
  clientId: string | null;
}

/** What the viewer of a frame may do from it: fix links to the keyword wizard's steps. */
export interface FrameAbilities {
  editKeyword: Pick<KeywordWizardSections, 'resultRanking' | 'synonyms'> | null;
}

interface TargetRow {
  account_id: string;
  engine_id: string;
  name: string;
  type: ProductCode;
  client_id: string | null;
}

/**
 * The engine (by engine or client id) if it is in one of `accountIds` (null: any account, for a
 * super admin). Ids that are not uuids match nothing.
 */
async function findTarget(
  db: Queryable,
  by: 'engine' | 'client',
  id: string,
  accountIds: readonly string[] | null,
): Promise<AnalyticsTarget | undefined> {
  if (!isUuid(id)) return undefined;
  const { rows } = await db.query<TargetRow>(
    `SELECT e.account_id, e.id AS engine_id, e.name, e.type, c.id AS client_id
     FROM engines e LEFT JOIN clients c ON c.account_id = e.account_id AND c.engine_id = e.id
     WHERE ${by === 'engine' ? 'e.id' : 'c.id'} = $1
       AND ($2::uuid[] IS NULL OR e.account_id = ANY($2::uuid[]))
     ORDER BY c.created_at LIMIT 1`,
    [id, accountIds],
  );
  const row = rows[0];
  return (
    row && {
      accountId: row.account_id,
      engineId: row.engine_id,
      engineName: row.name,
      engineType: row.type,
      clientId: row.client_id,
    }
  );
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
  const target = await findTarget(db, 'engine', engineId, readableAccountIds(principal));
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
  const target = await findTarget(db, 'client', clientId, accounts);
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
