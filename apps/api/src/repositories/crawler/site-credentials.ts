import type { SiteCredentialsKind } from '@siteseer/core';
import type { Queryable } from '../../store/types.ts';

/** A start site's stored sign-in: its kind, what names it, and the sealed secret. */
export interface StoredSiteCredentials {
  site: string;
  kind: SiteCredentialsKind;
  /** What names it without a secret (the Basic user name, the header's name, the cookies' names). */
  label: string;
  /** The sign-in sealed by a SecretBox (never plaintext). */
  sealed: string;
  updatedAt: Date;
}

interface Row {
  site: string;
  kind: SiteCredentialsKind;
  label: string;
  sealed: string;
  updated_at: Date;
}

const toStored = (row: Row): StoredSiteCredentials => ({
  site: row.site,
  kind: row.kind,
  label: row.label,
  sealed: row.sealed,
  updatedAt: row.updated_at,
});

/** The engine's sites that have a sign-in, in site order. */
export async function listSiteCredentials(
  db: Queryable,
  accountId: string,
  engineId: string,
): Promise<StoredSiteCredentials[]> {
  const { rows } = await db.query<Row>(
    `SELECT site, kind, label, sealed, updated_at FROM crawl_site_credentials
     WHERE account_id = $1 AND engine_id = $2 ORDER BY site`,
    [accountId, engineId],
  );
  return rows.map(toStored);
}

/** Stores a site's sign-in, replacing the one it had. */
export async function saveSiteCredentials(
  db: Queryable,
  accountId: string,
  engineId: string,
  credentials: Omit<StoredSiteCredentials, 'updatedAt'>,
): Promise<StoredSiteCredentials> {
  const { rows } = await db.query<Row>(
    `INSERT INTO crawl_site_credentials (account_id, engine_id, site, kind, label, sealed)
     VALUES ($1, $2, $3, $4, $5, $6)
     ON CONFLICT (account_id, engine_id, site) DO UPDATE
       SET kind = $4, label = $5, sealed = $6, updated_at = now()
     RETURNING site, kind, label, sealed, updated_at`,
    [accountId, engineId, credentials.site, credentials.kind, credentials.label, credentials.sealed],
  );
  return toStored(rows[0] as Row);
}

/** Removes a site's sign-in; answers whether it had one. */
export async function deleteSiteCredentials(
  db: Queryable,
  accountId: string,
  engineId: string,
  site: string,
): Promise<boolean> {
  const { rows } = await db.query(
    `DELETE FROM crawl_site_credentials WHERE account_id = $1 AND engine_id = $2 AND site = $3
     RETURNING site`,
    [accountId, engineId, site],
  );
  return rows.length > 0;
}

/** Removes the sign-ins of sites the crawler no longer has: a secret outlives no site. */
export async function keepSiteCredentialsOf(
  db: Queryable,
  accountId: string,
  engineId: string,
  sites: readonly string[],
): Promise<void> {
  await db.query(
    `DELETE FROM crawl_site_credentials
     WHERE account_id = $1 AND engine_id = $2 AND NOT (site = ANY($3::text[]))`,
    [accountId, engineId, sites],
  );
}
