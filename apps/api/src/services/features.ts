import { canManageFeatures, type Feature, type FeatureCreate, type Viewer } from '@siteseer/core';
import { ConflictError, NotAllowedError, NotFoundError } from '../errors.ts';
import { deleteFeature, insertFeature, listFeatures, updateFeature } from '../repositories/features.ts';
import { StoreQueryError } from '../store/errors.ts';
import type { Store } from '../store/types.ts';

function requireFeatureAdmin(viewer: Viewer): void {
  if (!canManageFeatures(viewer)) throw new NotAllowedError('Only super admins can change features.');
}

async function uniqueName<T>(write: () => Promise<T>, name: string): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (error instanceof StoreQueryError && error.code === '23505') {
      throw new ConflictError(`A feature named ${name} already exists.`);
    }
    throw error;
  }
}

export { listFeatures };

export async function createFeature(store: Store, viewer: Viewer, feature: FeatureCreate): Promise<Feature> {
  requireFeatureAdmin(viewer);
  return (await uniqueName(() => insertFeature(store, feature), feature.name)) as Feature;
}

export async function replaceFeature(store: Store, viewer: Viewer, feature: Feature): Promise<Feature> {
  requireFeatureAdmin(viewer);
  const updated = await uniqueName(() => updateFeature(store, feature), feature.name);
  if (!updated) throw new NotFoundError('Feature');
  return updated;
}

export async function removeFeature(store: Store, viewer: Viewer, id: string): Promise<{ id: string }> {
  requireFeatureAdmin(viewer);
  if (!(await deleteFeature(store, id))) throw new NotFoundError('Feature');
  return { id };
}
