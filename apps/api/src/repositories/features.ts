import type { Feature, FeatureCreate, Role } from '@siteseer/core';
import type { Queryable } from '../store/types.ts';
import { isUuid } from './ids.ts';

interface FeatureRow {
  id: string;
  name: string;
  description: string;
  show_details: boolean;
  allowed_roles: Role[];
}

function toFeature(row: FeatureRow): Feature {
  return {
    _id: row.id,
    name: row.name,
    description: row.description,
    show_details: row.show_details,
    allowedRoles: row.allowed_roles,
  };
}

const COLUMNS = 'id, name, description, show_details, allowed_roles';

export async function listFeatures(db: Queryable): Promise<Feature[]> {
  const { rows } = await db.query<FeatureRow>(`SELECT ${COLUMNS} FROM features ORDER BY name`);
  return rows.map(toFeature);
}

/** Inserts a feature; with `ifMissing`, an existing name is left as it is (seeding). */
export async function insertFeature(
  db: Queryable,
  feature: FeatureCreate,
  ifMissing = false,
): Promise<Feature | undefined> {
  const { rows } = await db.query<FeatureRow>(
    `INSERT INTO features (name, description, show_details, allowed_roles) VALUES ($1, $2, $3, $4)
     ${ifMissing ? 'ON CONFLICT (name) DO NOTHING' : ''} RETURNING ${COLUMNS}`,
    [feature.name, feature.description, feature.show_details, feature.allowedRoles],
  );
  return rows[0] && toFeature(rows[0]);
}

export async function updateFeature(db: Queryable, feature: Feature): Promise<Feature | undefined> {
  if (!isUuid(feature._id)) return undefined;
  const { rows } = await db.query<FeatureRow>(
    `UPDATE features SET name = $2, description = $3, show_details = $4, allowed_roles = $5
     WHERE id = $1 RETURNING ${COLUMNS}`,
    [feature._id, feature.name, feature.description, feature.show_details, feature.allowedRoles],
  );
  return rows[0] && toFeature(rows[0]);
}

export async function deleteFeature(db: Queryable, id: string): Promise<boolean> {
  if (!isUuid(id)) return false;
  const { rowCount } = await db.query('DELETE FROM features WHERE id = $1', [id]);
  return rowCount > 0;
}
