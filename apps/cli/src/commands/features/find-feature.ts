import type { ApiClient, Feature } from '@siteseer/core';
import { AbortError, UsageError } from '../../errors.ts';
import { expectOk } from '../../http/expect-ok.ts';

/** A feature by exact name (or by its _id). Several with the name is a usage error listing their ids. */
export async function findFeature(api: ApiClient, ref: string): Promise<Feature> {
  const features = expectOk(await api.features.list(), 'Listing features');
  const byId = features.find((f) => f._id === ref);
  if (byId) return byId;
  const byName = features.filter((f) => f.name === ref);
  const [only, ...others] = byName;
  if (only && others.length === 0) return only;
  if (only) {
    throw new UsageError(
      `'${ref}' names ${byName.length} features: ${byName.map((f) => f._id).join(', ')}.`,
      'Use the id instead.',
    );
  }
  throw new AbortError(`No feature '${ref}'.`, { hint: 'See `siteseer features list`.' });
}
