/**
 * What `engines create parametric` and `engines upload` print with --json, whatever the credential
 * (API key, token or login): the README's CI journey reads `.engineId`. `id` is the same as
 * `engineId`, kept for scripts written against earlier versions.
 */
export interface VersionJson {
  id: string;
  engineId: string;
  clientId: string;
  name: string;
  accountId: string;
  importId: string;
  version: number;
  originalFileName: string;
  rowCount: number;
  published: boolean;
  /**
   * What the server changed while reading the file (the upload answer's `warnings`). Always an
   * array, empty when there were none (the API leaves it out then, and on a retried call), so that
   * a script can read `.warnings[]` without a null check.
   */
  warnings: string[];
}

export function versionJson(
  fields: Omit<VersionJson, 'id' | 'warnings'> & { warnings?: string[] | undefined },
): VersionJson {
  const { warnings, ...rest } = fields;
  return { id: fields.engineId, ...rest, warnings: warnings ?? [] };
}
