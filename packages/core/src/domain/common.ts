import { z } from 'zod';
import { PRODUCT_CODES, toProductCode } from '../constants.ts';

/** An identifier as it travels on the wire. */
export const Id = z.string().min(1);

/** An ISO 8601 timestamp with an offset (e.g. `2026-11-23T10:00:00.000Z`). */
export const Timestamp = z.iso.datetime({ offset: true });

/**
 * An engine type. The spec spells it both as a product code (`pm`, `kw`) and as a word
 * (`parametric`, `keyword`); either is accepted and the product code is kept. A codec rather than
 * a transform, so the server can also encode (serialise) it.
 */
export const ProductType = z.codec(
  z.enum([...PRODUCT_CODES, 'parametric', 'keyword']),
  z.enum(PRODUCT_CODES),
  {
    decode: (value) => toProductCode(value) ?? 'pm',
    encode: (code) => code,
  },
);
export type ProductType = z.infer<typeof ProductType>;

/** Roles, highest first. `superadmin` is platform staff; the others are roles on an account. */
export const ROLES = ['superadmin', 'owner', 'admin', 'user'] as const;
export const Role = z.enum(ROLES);
export type Role = z.infer<typeof Role>;

/** The roles a user can hold on one account. */
export const AccountRole = z.enum(['owner', 'admin', 'user']);
export type AccountRole = z.infer<typeof AccountRole>;

/** The role shown when a user has no role (no account, or an unknown account). */
export const UNKNOWN_ROLE = 'UNKNOWN';
export type RoleOrUnknown = Role | typeof UNKNOWN_ROLE;
