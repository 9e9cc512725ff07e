import { decodeLabel, type ParametricConfiguration } from '@siteseer/core';
import { findPublished, type PublishedRecord } from '../repositories/parametric/published.ts';
import { findVersion, type VersionRecord } from '../repositories/parametric/versions.ts';
import type { Queryable } from '../store/types.ts';

/**
 * The configuration a new table of a published engine is published with: the published one when
 * the table has the same columns, else `fallback` (inferred from the new file) with the published
 * settings (downloads, search bar, filter format are the engine's, not its columns'). Column ids
 * are positions, so the same ids are not the same columns: a feed of (SKU, Name, Price) after
 * (Product, Units, Revenue) was published under the old labels and types, 'Name' typed as a whole
 * number. The headers must match too: the published labels, when they are the headers still (no
 * read), else the published version's headers.
 */
export async function carriedConfiguration(
  db: Queryable,
  accountId: string,
  published: PublishedRecord | undefined,
  table: Pick<VersionRecord, 'columnIds' | 'headers'>,
  fallback: ParametricConfiguration,
): Promise<ParametricConfiguration> {
  if (!published) return fallback;
  const { columns, settings } = published.configuration;
  const sameIds = Object.keys(columns).sort().join() === [...table.columnIds].sort().join();
  if (sameIds && (await sameHeaders(db, accountId, published, table))) return published.configuration;
  return { ...fallback, settings };
}

/**
 * The configuration a version is shown (the wizard's preview) and published with when none is
 * named: the one saved for it; else, for a version of a published engine (a file replaced in the
 * wizard, or uploaded by the CLI), the engine's published one carried over (carriedConfiguration),
 * so a new file does not reset the engine's filters, search bar and downloads; else the one
 * inferred from its file.
 */
export async function versionConfiguration(
  db: Queryable,
  accountId: string,
  version: VersionRecord,
): Promise<ParametricConfiguration> {
  if (version.configuration) return version.configuration;
  const published = version.engineId ? await findPublished(db, accountId, version.engineId) : undefined;
  return carriedConfiguration(db, accountId, published, version, version.inferred);
}

async function sameHeaders(
  db: Queryable,
  accountId: string,
  published: PublishedRecord,
  table: Pick<VersionRecord, 'columnIds' | 'headers'>,
): Promise<boolean> {
  const { columns } = published.configuration;
  const labelled = table.columnIds.every(
    (id, i) => decodeLabel(columns[id]?.label ?? '') === table.headers[i],
  );
  if (labelled) return true;
  // Relabelled in the wizard: the headers the published version was read with.
  const version = await findVersion(db, accountId, published.importId, published.version);
  return version !== undefined && version.headers.join('\u0000') === table.headers.join('\u0000');
}
