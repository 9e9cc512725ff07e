import { ROLES, type Role } from '@siteseer/core';
import { UsageError } from '../../errors.ts';
import { commaList } from '../parse.ts';

/** `--roles owner,admin`: roles of the Features page (superadmin, owner, admin, user); '' means none. */
export function parseRoles(value: string | undefined): Role[] | undefined {
  const items = commaList(value);
  if (items === undefined) return undefined;
  const unknown = items.filter((item) => !(ROLES as readonly string[]).includes(item));
  if (unknown.length > 0) {
    throw new UsageError(
      `Unknown role ${unknown.map((r) => `'${r}'`).join(', ')}: roles are ${ROLES.join(', ')}.`,
    );
  }
  return [...new Set(items as Role[])];
}
