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
}

export function versionJson(fields: Omit<VersionJson, 'id'>): VersionJson {
  return { id: fields.engineId, ...fields };
}
